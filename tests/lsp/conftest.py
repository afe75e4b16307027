"""Real language servers for the hand-off and ``lode lsp`` tests, and small fixture
projects indexed into a temporary store.

Servers come from the registries: jedi-language-server from PyPI (the ``test``
extra), typescript-language-server, typescript@5 and pyright from npm into the
project-local ``.lsp-servers`` folder (``.ci/run`` installs them). A missing server
skips its tests on a developer's machine and fails them under CI, where it must be
there."""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NPM_BIN = REPO / ".lsp-servers" / "node_modules" / ".bin"


def server_path() -> str:
    return os.pathsep.join(p for p in (str(NPM_BIN), os.environ.get("PATH", "")) if p)


def need(executable: str) -> str:
    exe = shutil.which(executable, path=server_path())
    if exe is None:
        message = f"{executable} is not installed (.ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return exe


@pytest.fixture(autouse=True)
def _servers_env(monkeypatch):
    monkeypatch.setenv("LODE_LSP_PATH", str(NPM_BIN))
    monkeypatch.delenv("LODE_LSP", raising=False)
    monkeypatch.setenv("LODE_LSP_TIMEOUT", "30")  # a loaded CI machine starts servers slowly
    yield
    from lode.external.client import POOL
    POOL.stop_all()


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"))
    return root


PYTHON = {
    "shapes/__init__.py": "",
    "shapes/model.py": '''
        class Widget:
            """A thing that draws."""

            def render(self) -> str:
                return "drawn"


        class Panel(Widget):
            def render(self) -> str:
                return "panel"
        ''',
    "shapes/factory.py": '''
        from .model import Widget


        def make():
            return Widget()
        ''',
    "app.py": '''
        from shapes.factory import make
        from shapes.model import Widget


        def typed(w: Widget) -> str:
            return w.render()


        def inferred():
            w = make()
            return w.render()
        ''',
}

GO = {
    "go.mod": "module example.com/shop\n\ngo 1.19\n",
    "store/store.go": '''
        package store

        // Base closes things.
        type Base struct{}

        // Close releases the store.
        func (b *Base) Close() error { return nil }

        // Store keeps items.
        type Store struct {
            *Base
            items map[string]int
        }

        // Get returns an item.
        func (s *Store) Get(key string) int { return s.items[key] }
        ''',
    "server/server.go": '''
        package server

        import "example.com/shop/store"

        type Server struct {
            db *store.Store
        }

        func (s *Server) Lookup(k string) int {
            return s.db.Get(k)
        }

        func (s *Server) Stop() error {
            return s.db.Close()
        }
        ''',
}

TYPESCRIPT = {
    "package.json": '{"name": "geo", "version": "1.0.0"}\n',
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "module": "commonjs"}, "include": ["src"]}\n',
    "src/shape.ts": '''
        export interface Shape {
          area(): number;
        }

        export class Circle implements Shape {
          constructor(private r: number) {}
          area(): number {
            return Math.PI * this.r * this.r;
          }
        }
        ''',
    "src/main.ts": '''
        import { Circle, Shape } from "./shape";

        function make() {
          return new Circle(2);
        }

        export function total(shapes: Shape[]): number {
          const c: Circle = new Circle(1);
          return c.area() + make().area();
        }

        export const unit: Shape = { area: () => 1 };
        ''',
}


def indexed(tmp_path_factory, name: str, files: dict[str, str]):
    from lode.service import Service

    base = tmp_path_factory.mktemp(name)
    root = write(base / "ws", files)
    db = base / "lode.db"
    svc = Service(str(db))
    svc.add_workspace(str(root), name=name)
    svc.index(name, embed=False)
    svc.close()
    return db, root


@pytest.fixture(scope="session")
def python_project(tmp_path_factory):
    return indexed(tmp_path_factory, "py", PYTHON)


@pytest.fixture(scope="session")
def go_project(tmp_path_factory):
    return indexed(tmp_path_factory, "go", GO)


@pytest.fixture(scope="session")
def ts_project(tmp_path_factory):
    return indexed(tmp_path_factory, "ts", TYPESCRIPT)
