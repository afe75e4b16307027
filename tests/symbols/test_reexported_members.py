"""A member of a class its package re-exports is used through the re-export's name
(`from pkg import Client` then `Client.send`): those uses are references of the
member's own qualified name too, in Python, TypeScript and Rust — through the real
indexer into a real store, answered from the index alone."""

from __future__ import annotations

import textwrap

from lode.service import Service


def project(tmp_path, files: dict[str, str]) -> Service:
    root = tmp_path / "ws"
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"))
    svc = Service(str(tmp_path / "lode.db"))
    svc.add_workspace(str(root), name="ws")
    svc.index("ws", embed=False)
    return svc


def positions(svc: Service, name: str) -> set[tuple[str, int]]:
    answer = svc.references(name, every=True)
    return {(r["path"], r["line"]) for r in answer["references"]}


PYTHON = {
    "pyproject.toml": "[project]\nname = 'mailer'\n",
    "mailer/__init__.py": """
        from .client import Client

        __all__ = ["Client"]
        """,
    "mailer/client.py": """
        class Client:
            def __init__(self, host):
                self.host = host

            def send(self, message):
                return len(message)

            def close(self):
                self.send(b"")
        """,
    "app/main.py": """
        from mailer import Client


        def notify(host):
            client = Client(host)
            client.send(b"hello")
            Client.send(client, b"bye")
            return client
        """,
    "app/direct.py": """
        from mailer.client import Client


        def ping(host):
            Client(host).send(b"ping")
        """,
}


def test_python_member_of_a_package_reexport_counts_for_its_own_name(tmp_path):
    svc = project(tmp_path, PYTHON)
    own = positions(svc, "mailer.client.Client.send")
    through_package = positions(svc, "mailer.Client.send")
    assert {("app/main.py", 6), ("app/main.py", 7), ("app/direct.py", 5),
            ("mailer/client.py", 9)} <= own
    assert own == through_package


TYPESCRIPT = {
    "package.json": '{"name": "mailer"}\n',
    "src/net/client.ts": """
        export class Client {
          constructor(private host: string) {}

          send(message: string): number {
            return message.length;
          }
        }
        """,
    "src/net/index.ts": """
        export { Client } from './client';
        """,
    "src/app/main.ts": """
        import { Client } from '../net';

        export function notify(host: string): Client {
          const client = new Client(host);
          client.send('hello');
          return client;
        }
        """,
}


def test_typescript_member_of_an_export_from_counts_for_its_own_name(tmp_path):
    svc = project(tmp_path, TYPESCRIPT)
    own = positions(svc, "net.client.Client.send")
    assert ("src/app/main.ts", 5) in own
    assert own == positions(svc, "net.Client.send")


RUST = {
    "Cargo.toml": '[package]\nname = "mailer"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": """
        pub mod net;
        pub mod app;
        """,
    "src/net/mod.rs": """
        mod client;
        pub use client::Client;
        """,
    "src/net/client.rs": """
        pub struct Client {
            host: String,
        }

        impl Client {
            pub fn new(host: &str) -> Client {
                Client { host: host.to_string() }
            }

            pub fn send(&self, message: &str) -> usize {
                message.len()
            }
        }
        """,
    "src/app.rs": """
        use crate::net::Client;

        pub fn notify(host: &str) -> usize {
            let client = Client::new(host);
            Client::send(&client, "hello")
        }
        """,
}


def test_rust_member_of_a_pub_use_counts_for_its_own_name(tmp_path):
    svc = project(tmp_path, RUST)
    assert ("src/app.rs", 5) in positions(svc, "mailer.net.client.Client.send")
    assert ("src/app.rs", 4) in positions(svc, "mailer.net.client.Client.new")
