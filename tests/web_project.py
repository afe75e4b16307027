"""A small web library laid out as FastAPI is: its package (``webkit``), tutorial programs
in ``docs_src/`` that define and call its names again (two copies, as the docs keep one
per Python version), an example and a test: the project for tests that the library's own
definitions and uses come first (tests/symbols/test_own_code_first.py, the MCP side in
tests/mcp/test_own_code_first.py)."""

from __future__ import annotations

from pathlib import Path

ROUTING = '''\
"""Routing of requests to path operations."""


class Route:
    def __init__(self, path: str, endpoint) -> None:
        self.path = path
        self.endpoint = endpoint


class Router:
    """Groups path operations, for example to structure an app in several files.

    It is then included in the app, or in another router.
    """

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.routes = []

    def add_route(self, path: str, endpoint) -> None:
        """Register ``endpoint`` for requests to ``path``."""
        self.routes.append((self.prefix + path, endpoint))

    def get(self, path: str):
        """A decorator registering a GET path operation."""
        def decorator(func):
            self.add_route(path, func)
            return func
        return decorator
'''

APPLICATIONS = '''\
from webkit.routing import Router


class App:
    """The application: a router and its settings."""

    def __init__(self) -> None:
        self.router = Router()

    def get(self, path: str):
        return self.router.get(path)

    def include(self, router: Router) -> None:
        for path, endpoint in router.routes:
            self.router.add_route(path, endpoint)
'''

TUTORIAL = '''\
from webkit.routing import Router

router = Router()


@router.get("/items/")
def get():
    return [{"name": "Foo"}]


router.add_route("/health", lambda: "ok")
'''

EXAMPLE = '''\
from webkit.routing import Router

api = Router(prefix="/v1")
api.add_route("/ping", lambda: "pong")
'''

TEST = '''\
from webkit.routing import Router


def get(router, path):
    return dict(router.routes)[path]


def test_add_route():
    router = Router()
    router.add_route("/a", print)
    assert get(router, "/a") is print
'''


def write_web_project(root: Path) -> Path:
    files = {"webkit/__init__.py": "", "webkit/routing.py": ROUTING, "webkit/applications.py": APPLICATIONS,
             "docs_src/first_steps/tutorial001.py": TUTORIAL, "docs_src/first_steps/tutorial002.py": TUTORIAL,
             "examples/ping.py": EXAMPLE, "tests/test_routing.py": TEST}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def indexed_web_project(base: Path) -> tuple[Path, Path]:
    """(root, store): the project written under ``base`` and indexed without vectors
    into ``base``/store.db."""
    from lode.service import Service

    root = write_web_project(base / "webkit")
    db = base / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    return root, db
