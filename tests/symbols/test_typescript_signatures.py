"""TypeScript interfaces with construct and call signatures (a `.d.ts` declaring a
constructor value and a callable type, as libraries do): each signature is a member of
its interface — `new` and `call`, methods — found by `lode def` and listed in the
file's outline, through the real indexer into a real store."""

from __future__ import annotations

from .test_references import project

FILES = {
    "package.json": '{"name": "fetcher"}\n',
    "src/types.d.ts": """
        export interface Response {
          status: number;
          text(): Promise<string>;
        }

        export interface ClientConstructor {
          new (baseUrl: string, retries?: number): Client;
          readonly prototype: Client;
        }

        export interface Client {
          get(path: string): Promise<Response>;
        }

        export interface Middleware {
          (request: Request, next: () => Promise<Response>): Promise<Response>;
          <T>(request: Request, next: () => Promise<T>, state: T): Promise<T>;
          readonly name: string;
        }

        export declare const Client: ClientConstructor;
        """,
    "src/app.ts": """
        import { ClientConstructor, Middleware } from './types';

        export function connect(ctor: ClientConstructor, logger: Middleware) {
          const client = new ctor('https://example.com');
          return client.get('/health');
        }
        """,
}


def _definitions(svc, name: str) -> list[tuple[str, int, int, str]]:
    return [(c["path"], c["line"], c["column"], c["kind"]) for c in svc.definition(name)["candidates"]]


def test_construct_and_call_signatures_are_members_of_their_interface(tmp_path):
    svc = project(tmp_path, FILES)
    try:
        assert _definitions(svc, "types.ClientConstructor.new") == [("src/types.d.ts", 7, 3, "method")]
        assert _definitions(svc, "ClientConstructor.new") == [("src/types.d.ts", 7, 3, "method")]
        # the first overload, from the signature's start
        assert _definitions(svc, "Middleware.call") == [("src/types.d.ts", 16, 3, "method")]
        outline = [(s["name"], s["line"]) for s in svc.outline("src/types.d.ts", "ws")["symbols"]]
        assert ("types.ClientConstructor.new", 7) in outline
        assert ("types.Middleware.call", 16) in outline
        assert ("types.Middleware.name", 18) in outline
        # the interface's other members as before; nothing named by a parenthesis
        assert ("types.ClientConstructor.prototype", 8) in outline
        assert not [n for n, _line in outline if "(" in n]
    finally:
        svc.close()
