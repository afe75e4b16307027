"""References that follow types, promoted and inherited members, every position,
totals on capped lists, and Rust items by their defining module's path — through the
real indexer into a real store."""

from __future__ import annotations

import textwrap

import pytest

from lode.service import Service
from lode.symbols import api


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


GO = {
    "go.mod": "module example.com/app\n",
    "store/store.go": """
        package store

        type Base struct{}

        func (b *Base) Close() error { return nil }

        type Store struct {
            *Base
        }

        func (s *Store) Get(k string) int { return 0 }

        type Closer interface {
            Close() error
        }
        """,
    "server/server.go": """
        package server

        import "example.com/app/store"

        type Server struct {
            db *store.Store
        }

        func New(db *store.Store) *Server { return &Server{db: db} }

        func (s *Server) Stop() error {
            s.db.Get("a")
            s.db.Get("b")
            return s.db.Close()
        }
        """,
}


def test_go_method_references_through_fields_embedding_and_signatures(tmp_path):
    svc = project(tmp_path, GO)
    get = svc.references("store.Store.Get")
    assert [(r["path"], r["line"]) for r in get["references"]] == [("server/server.go", 12)]
    every = svc.references("store.Store.Get", every=True)
    assert [(r["path"], r["line"]) for r in every["references"]] == [("server/server.go", 12),
                                                                     ("server/server.go", 13)]
    # Close is Base's; Store embeds Base, so `s.db.Close()` reaches it
    close = svc.references("store.Base.Close")
    assert ("server/server.go", 14) in {(r["path"], r["line"]) for r in close["references"]}
    # the type itself is used in a field and a signature
    uses = svc.references("store.Store")
    assert "server/server.go" in {r["path"] for r in uses["references"]}
    # Store has Close through the embedded Base: it implements Closer
    impls = svc.implementations("store.Closer")
    assert {"example.com/app/store.Store", "example.com/app/store.Base"} <= \
        {i["name"] for i in impls["implementations"]}


def test_python_inherited_method_calls_reference_the_base(tmp_path):
    svc = project(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/base.py": """
            class App:
                def push(self):
                    pass
            """,
        "pkg/flask.py": """
            from .base import App


            class Flask(App):
                def run(self):
                    self.push()
            """,
    })
    refs = svc.references("pkg.base.App.push")
    assert ("pkg/flask.py", 6) in {(r["path"], r["line"]) for r in refs["references"]}


def test_capped_lists_say_how_many_there_are(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/core.py": "class Thing:\n    pass\n"}
    for i in range(7):
        files[f"pkg/user{i}.py"] = "from .core import Thing\n\nThing()\n"
    svc = project(tmp_path, files)
    r = svc.references("pkg.core.Thing", limit=3)
    assert len(r["references"]) == 3 and r["total"] == 7 and r["truncated"] is True
    whole = svc.references("pkg.core.Thing")
    assert whole["total"] == 7 and whole["truncated"] is False
    listed = svc.list_symbols(prefix="core.", limit=1)
    assert listed["total"] == 1 and listed["truncated"] is False
    root = svc.list_workspaces()[0]["root"]
    q = api.query_ast("(call) @c", [root], "python", limit=2)
    assert len(q["captures"]) == 2 and q["total"] == 7 and q["truncated"] is True


def test_list_symbols_kinds_are_checked(tmp_path):
    svc = project(tmp_path, {"m.py": "def f():\n    pass\n\nclass C:\n    pass\n"})
    assert {s["name"] for s in svc.list_symbols(kinds=["function"])["symbols"]} == {"m.f"}
    from lode.errors import InvalidParams
    with pytest.raises(InvalidParams, match="func.*function"):
        svc.list_symbols(kinds=["func"])


def test_rust_item_found_by_its_defining_module_path(tmp_path):
    svc = project(tmp_path, {
        "Cargo.toml": '[package]\nname = "mio"\nedition = "2021"\n',
        "src/lib.rs": "pub mod net;\n",
        "src/net/mod.rs": "mod udp;\npub use self::udp::UdpSocket;\n",
        "src/net/udp.rs": "pub struct UdpSocket;\nimpl UdpSocket {\n    pub fn send_to(&self) {}\n}\n",
    })
    for name in ("mio.net.UdpSocket.send_to", "mio.net.udp.UdpSocket.send_to", "udp.UdpSocket.send_to",
                 "crate::net::udp::UdpSocket::send_to", "crate::net::UdpSocket::send_to"):
        cands = svc.definition(name)["candidates"]
        assert [(c["path"], c["line"]) for c in cands] == [("src/net/udp.rs", 3)], name


def test_typescript_method_references_span_the_override_family(tmp_path):
    svc = project(tmp_path, {
        "package.json": "{}",
        "src/shape.ts": """
            export interface Shape { area(): number; }
            export class Circle implements Shape { area(): number { return 1; } }
            export class Square implements Shape { area(): number { return 2; } }
            """,
        "src/use.ts": """
            import { Shape, Square } from "./shape";
            export function total(s: Shape, q: Square): number {
              return s.area() + q.area();
            }
            """,
    })
    refs = svc.references("shape.Circle.area", every=True)
    assert [(r["path"], r["line"]) for r in refs["references"]] == [("src/use.ts", 3), ("src/use.ts", 3)]
    # Python keeps a method's own references (pyright's way)
    svc2 = project(tmp_path / "py", {
        "pkg/__init__.py": "",
        "pkg/a.py": "class A:\n    def m(self):\n        pass\n\n\nclass B(A):\n    def m(self):\n        pass\n\n\n"
                    "def f(a: A, b: B):\n    a.m()\n    b.m()\n",
    })
    assert [r["line"] for r in svc2.references("pkg.a.B.m", every=True)["references"]] == [13]


def test_values_built_by_a_call_in_another_file(tmp_path):
    svc = project(tmp_path, {
        "go.mod": "module example.com/chi\n",
        "chi.go": "package chi\n\nfunc NewRouter() *Mux { return &Mux{} }\n",
        "mux.go": "package chi\n\ntype Mux struct{}\n\nfunc (m *Mux) Get(p string) {}\n\nfunc (m *Mux) Use(f func()) {}\n",
        "middleware/m.go": "package middleware\n\nfunc Logger() {}\n",
        "app/main.go": """
            package main

            import (
                "example.com/chi"
                "example.com/chi/middleware"
            )

            func main() {
                r := chi.NewRouter()
                r.Get("/")
                r.Use(middleware.Logger)
                chi.NewRouter().Get("/x")
            }
            """,
    })
    got = {(r["path"], r["line"]) for r in svc.references("chi.Mux.Get", every=True)["references"]}
    assert got == {("app/main.go", 10), ("app/main.go", 12)}
    assert ("app/main.go", 11) in {(r["path"], r["line"])
                                   for r in svc.references("middleware.Logger")["references"]}


def test_a_bare_go_name_is_never_a_method_of_the_same_name(tmp_path):
    """A method is reached through its receiver only: in `func (m *Mux) Routes() []Route`
    the bare `Route` is the package's type, and a bare `send(...)` call the package's
    function, even in a file that also defines methods `Mux.Route` and `Client.send`."""
    svc = project(tmp_path, {
        "go.mod": "module example.com/router\n",
        "mux.go": """
            package router

            type Mux struct{ routes []Route }

            // Route adds a route to the mux.
            func (m *Mux) Route(pattern string) { m.routes = append(m.routes, Route{pattern}) }

            // Routes lists the routes added so far.
            func (m *Mux) Routes() []Route { return m.routes }

            func (m *Mux) send(r Route) error { return send(r) }

            func send(r Route) error { return nil }
            """,
        "route.go": """
            package router

            // Route is one pattern of a mux.
            type Route struct{ Pattern string }
            """,
    })
    uses = {(r["path"], r["line"]) for r in svc.references("router.Route", every=True)["references"]}
    assert ("mux.go", 9) in uses  # `[]Route` in Routes' result
    method = {(r["path"], r["line"]) for r in svc.references("router.Mux.Route", every=True)["references"]}
    assert ("mux.go", 9) not in method
    calls = {(r["path"], r["line"]) for r in svc.references("router.send", every=True)["references"]}
    assert ("mux.go", 11) in calls


BLUEPRINT = '''\
from .app import Flask
from .sessions import SessionInterface


class Blueprint:
    def __init__(self, app: Flask, sessions: SessionInterface) -> None:
        self.app = app
        self.sessions = sessions

    def register(self) -> None:
        self.app.add_url_rule("/")
        interface = self.sessions
        interface.open_session(self.app)
'''


def test_a_field_or_local_given_a_typed_value_has_its_type(tmp_path):
    # `self.app = app` with `app: Flask`; `interface = self.sessions`
    from lode.languages import language_for_path
    from lode.symbols.extraction import extract_symbols
    from lode.symbols.layout import Layout

    pkg = tmp_path / "flaskish"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "blueprints.py").write_text(BLUEPRINT)
    found = extract_symbols("flaskish/blueprints.py", BLUEPRINT, None, language_for_path("a.py"),
                            Layout(tmp_path), every=True)
    refs = {(s.name, s.line) for s in found.symbols if s.kind == "reference"}
    assert ("flaskish.app.Flask.add_url_rule", 11) in refs
    assert ("flaskish.sessions.SessionInterface.open_session", 13) in refs
