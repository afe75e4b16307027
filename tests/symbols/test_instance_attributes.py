"""Python instance attributes are definitions: `self.router = APIRouter()` in a method
defines `Class.router` (the `__init__` one, else the first), as a language server
answers; the class body's own definition of a name wins, and `cls.x`, `other.x` and a
function nested in a method define nothing — through the real indexer into a real store."""

from __future__ import annotations

import textwrap

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import DEFINITION, REFERENCE

from .test_references import project

APP = {
    "fastapi/__init__.py": "from .applications import FastAPI\n",
    "fastapi/routing.py": """
        class APIRouter:
            def add_api_route(self, path: str) -> None:
                self.routes.append(path)
        """,
    "fastapi/applications.py": """
        from dataclasses import dataclass

        from .routing import APIRouter


        @dataclass
        class Settings:
            debug: bool = False
            title: str = "API"


        class FastAPI:
            title: str = "FastAPI"

            @classmethod
            def from_settings(cls, settings: Settings) -> "FastAPI":
                self = cls(settings)
                self.openapi_url = None
                return self

            def __init__(self, settings: Settings, debug: bool = False) -> None:
                self.settings = settings
                self.router: APIRouter = APIRouter()
                self.title = settings.title
                self._debug = debug
                self.openapi_url, self.docs_url = "/openapi.json", "/docs"
                cls = type(self)
                cls.registry = {}

                def on_startup() -> None:
                    self.started = True

                class Hooks:
                    def __init__(self) -> None:
                        self.pending = []

            def setup(self) -> None:
                self.router = APIRouter()
                self.middleware_stack = self.build()

            @property
            def debug(self) -> bool:
                return self._debug

            @debug.setter
            def debug(self, value: bool) -> None:
                self._debug = value
                self.debug = value

            def build(self):
                return self.router
        """,
    "main.py": """
        from fastapi.applications import FastAPI, Settings


        app = FastAPI(Settings())


        def serve(api: FastAPI) -> None:
            api.router.add_api_route("/items")
            print(api.middleware_stack)
        """,
}


def _definitions(svc, name: str) -> list[tuple[str, int]]:
    return [(c["path"], c["line"]) for c in svc.definition(name)["candidates"]]


def test_an_attribute_set_on_self_in_a_method_is_the_class_s(tmp_path):
    svc = project(tmp_path, APP)
    try:
        # the __init__ assignment, though from_settings and setup assign it as well
        assert _definitions(svc, "fastapi.applications.FastAPI.router") == [("fastapi/applications.py", 23)]
        assert _definitions(svc, "FastAPI.openapi_url") == [("fastapi/applications.py", 26)]
        assert _definitions(svc, "FastAPI.docs_url") == [("fastapi/applications.py", 26)]
        assert _definitions(svc, "FastAPI.middleware_stack") == [("fastapi/applications.py", 39)]
        # the class body's own attribute and property win; a dataclass field is one
        assert _definitions(svc, "FastAPI.title") == [("fastapi/applications.py", 13)]
        assert _definitions(svc, "FastAPI.debug") == [("fastapi/applications.py", 42)]
        assert _definitions(svc, "Settings.debug") == [("fastapi/applications.py", 8)]
        # uses through a typed value name the attribute
        uses = {(r["path"], r["line"]) for r in svc.references("FastAPI.router", every=True)["references"]}
        assert {("main.py", 8), ("fastapi/applications.py", 51)} <= uses
    finally:
        svc.close()


def test_no_attribute_from_cls_other_receivers_or_nested_scopes(tmp_path):
    (tmp_path / "fastapi").mkdir()
    (tmp_path / "fastapi" / "__init__.py").write_text(APP["fastapi/__init__.py"])
    text = textwrap.dedent(APP["fastapi/applications.py"]).lstrip("\n")
    found = extract_symbols("fastapi/applications.py", text, None, language_for_path("a.py"),
                            Layout(tmp_path), every=True)
    defined = [(s.name, s.line, s.detail) for s in found.symbols if s.kind == DEFINITION]
    names = [name for name, _line, _detail in defined]
    for name in ("registry", "started", "pending"):
        assert f"fastapi.applications.FastAPI.{name}" not in names
    assert all(n.count(".") <= 3 for n in names)  # nothing under a nested Hooks
    # once per name and class, every position kept or not
    assert names.count("fastapi.applications.FastAPI.router") == 1
    assert ("fastapi.applications.FastAPI._debug", 25, "field") in defined
    refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
    assert ("fastapi.routing.APIRouter", 23) in refs


def test_an_editor_names_the_attribute_and_its_outline_keeps_to_the_methods(tmp_path):
    from lode.symbols.structure import outline

    svc = project(tmp_path, APP)
    try:
        main = textwrap.dedent(APP["main.py"]).lstrip("\n")
        line = main.splitlines()[7]  # api.router.add_api_route("/items")
        name = svc.name_at("main.py", "ws", main, 8, "router", line.index("router"))
        assert name == "fastapi.applications.FastAPI.router"
        assert _definitions(svc, name) == [("fastapi/applications.py", 23)]
    finally:
        svc.close()
    # a field set in __init__ sits in its body: listed after it, it would end __init__ there
    items = [(i.name.rsplit(".", 1)[-1], i.depth) for i in outline("fastapi/applications.py", str(tmp_path / "ws"))]
    assert ("__init__", 1) in items and ("setup", 1) in items and ("title", 1) in items
    assert not {"router", "settings", "middleware_stack"} & {n for n, _d in items}


METER = {
    "meter/__init__.py": "",
    "meter/counter.py": """
        class Counter:
            limit: int = 10

            def __init__(self, start: int = 0) -> None:
                self.count = start

            def reset(self) -> None:
                self.total: int = 0
                self.count = 0

            def bump(self, n: int = 1) -> None:
                self.count += n
                self.total += n
                self.hits += 1
                self.limit += 1

            def report(self) -> str:
                return f"{self.count}/{self.total}/{self.hits}"
        """,
    "meter/use.py": """
        from meter.counter import Counter


        def tally(c: Counter) -> int:
            c.hits += 1
            return c.count + c.total
        """,
}


def test_the_first_assignment_defines_a_field_and_every_other_write_is_a_use(tmp_path):
    """A field is defined where it is first assigned (the `__init__` one first; an
    annotated `self.total: int = 0` in another method as well), and only there: that
    position is its definition, not also a reference, as a class body's `limit` is. A
    later `self.count = 0` and an augmented `self.count += n` are uses; a name only ever
    augmented (`self.hits += 1`) has uses and no definition."""
    svc = project(tmp_path, METER)
    try:
        assert _definitions(svc, "Counter.count") == [("meter/counter.py", 5)]
        assert _definitions(svc, "Counter.total") == [("meter/counter.py", 8)]
        assert _definitions(svc, "Counter.hits") == []
        assert _definitions(svc, "Counter.limit") == [("meter/counter.py", 2)]

        def uses(name, every=True):
            return [(r["path"], r["line"]) for r in svc.references(name, every=every)["references"]]

        assert uses("Counter.count") == [("meter/counter.py", 9), ("meter/counter.py", 12),
                                         ("meter/counter.py", 18), ("meter/use.py", 6)]
        assert uses("Counter.total") == [("meter/counter.py", 13), ("meter/counter.py", 18),
                                         ("meter/use.py", 6)]
        assert uses("Counter.hits") == [("meter/counter.py", 14), ("meter/counter.py", 18),
                                        ("meter/use.py", 5)]
        assert uses("Counter.limit") == [("meter/counter.py", 15)]
        # a file's first use, not its definition, when one position per file is asked
        assert uses("Counter.count", every=False) == [("meter/counter.py", 9), ("meter/use.py", 6)]
    finally:
        svc.close()
