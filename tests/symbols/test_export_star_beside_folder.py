"""TypeScript: a file re-exporting the modules of the folder of its own name (tRPC's
`unstable-core-do-not-import.ts` beside `unstable-core-do-not-import/`, each line
`export * from './core/<x>'`). File and folder get one module name, so each line is a
star link `core.*` -> `core.<x>.*`. A member named like its file (`const initApp` in
core/initApp.ts) is found as the value, with the module behind it, not the module
alone; and a member re-exported by a later line (after the sixth) is still found: the
star links are not applied again to the names they produced (which fanned out once per
line and level until the lookup's budget ran out before the seventh link). And the module
named exactly so still comes before a module reached through a star export (core.types
is core/types.ts, not core/stream/sse.types.ts)."""

from __future__ import annotations

import pytest

# `export * from './core/<x>'`, in core.ts's order; the error module comes after the sixth
CORE_MODULES = {
    "clientish/inference": "export type inferInput<T> = T extends { input: infer I } ? I : never;\n",
    "createProxy": "export function createRecursiveProxy(cb: (path: string[]) => unknown) {\n"
                   "  return new Proxy({}, { get: (_t, key) => cb([String(key)]) });\n}\n",
    "error/formatter": "export type ErrorFormatter = (opts: { message: string }) => object;\n",
    "http/contentType": "export const jsonContentType = 'application/json';\n",
    "http/getHTTPStatusCode": "export function getHTTPStatusCode(code: string): number {\n"
                              "  return code === 'NOT_FOUND' ? 404 : 500;\n}\n",
    "initApp": "import { createRecursiveProxy } from './createProxy';\n\n"
               "export interface AppOptions {\n  isServer?: boolean;\n}\n\n"
               "class AppBuilder {\n  create(opts?: AppOptions) {\n"
               "    return { procedure: createRecursiveProxy(() => opts) };\n  }\n}\n\n"
               "/**\n * Builder object for a new app.\n */\n"
               "export const initApp = new AppBuilder();\n",
    "middleware": "export function createMiddleware<T>(fn: (opts: T) => T) {\n  return fn;\n}\n",
    "error/AppError": "export class AppError extends Error {\n"
                      "  public readonly code: string;\n\n"
                      "  constructor(opts: { message?: string; code: string }) {\n"
                      "    super(opts.message ?? opts.code);\n    this.code = opts.code;\n  }\n}\n",
    "router": "export function createRouter<T extends object>(procedures: T) {\n  return procedures;\n}\n",
    "stream/sse.types": "export interface ServerSentEvent {\n  id?: string;\n  data: unknown;\n}\n",
    "stream/sse": "import type { ServerSentEvent } from './sse.types';\n\n"
                  "export function sseStreamProducer(events: ServerSentEvent[]) {\n  return events;\n}\n",
    "types": "export type Maybe<T> = T | null | undefined;\n",
    "utils": "export const isObject = (value: unknown): value is object =>\n"
             "  !!value && typeof value === 'object';\n",
}

FILES = {
    "package.json": '{\n  "name": "@acme/server",\n  "type": "module",\n  "main": "./dist/index.js"\n}\n',
    "src/index.ts": "export * from './@acme/server';\n",
    "src/@acme/server/index.ts": "export {\n  AppError,\n  initApp,\n  createRouter,\n} from '../../core';\n",
    "src/core.ts": "/** Glue between the packages: do not import. */\n" + "".join(
        f"export * from './core/{name}';\n" for name in CORE_MODULES),
    **{f"src/core/{name}.ts": text for name, text in CORE_MODULES.items()},
}


def _line(rel: str, text: str) -> int:
    return next(i for i, line in enumerate(FILES[rel].splitlines(), 1) if line.startswith(text))


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("star")
    for rel, text in FILES.items():
        path = base / "server" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    svc = Service(db_path=str(base / "store.db"))
    svc.add_workspace(str(base / "server"))
    svc.index(None, embed=False)
    yield svc
    svc.close()


def _where(svc, name: str) -> list[tuple[str, int]]:
    return [(c["path"], c["line"]) for c in svc.definition(name, "server")["candidates"]]


def test_the_value_named_like_its_module_comes_before_the_module(service):
    const = ("src/core/initApp.ts", _line("src/core/initApp.ts", "export const initApp"))
    for name in ("core.initApp", "server.initApp", "@acme.server.initApp"):
        where = _where(service, name)
        assert where and where[0] == const, (name, where)
    # the module stays an answer, behind the value
    assert ("src/core/initApp.ts", 1) in _where(service, "core.initApp")


def test_a_member_of_a_later_star_export_is_found(service):
    cls = ("src/core/error/AppError.ts", _line("src/core/error/AppError.ts", "export class AppError"))
    for name in ("core.AppError", "@acme.server.AppError", "server.AppError"):
        assert cls in _where(service, name)[:1], (name, _where(service, name))
    described = service.describe("@acme.server.AppError", "server")["symbols"]
    assert described and (described[0]["path"], described[0]["line"]) == cls
    # a member of a module listed before the sixth line, through the same files
    proxy = ("src/core/createProxy.ts", 1)
    assert proxy in _where(service, "core.createRecursiveProxy")[:1]


def test_the_module_named_so_comes_before_one_reached_through_a_star_export(service):
    # core/stream/sse.types.ts is named core.stream.sse.types, `core.stream.sse` + `types`;
    # `export * from './core/stream/sse'` makes no `core.types` of it: core/types.ts is it
    where = _where(service, "core.types")
    assert where[:1] == [("src/core/types.ts", 1)], where
