"""`self.x` / `this.x` name the member of the innermost class around the use: nested
classes, a class after another, a use in a method of a nested class and after it, and
a class inside a function (not indexed, so its `self` names no class's member)."""

from __future__ import annotations

import textwrap

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE

PY = """
    class Outer:
        def run(self):
            self.helper()

        class Inner:
            def go(self):
                self.step()

            class Deepest:
                def deep(self):
                    self.bottom()

            def again(self):
                self.back()

        def after(self):
            self.tail()


    class Second:
        def first(self):
            self.only()


    def factory():
        class Local:
            def m(self):
                self.hidden()
        return Local
    """

TS = """
    export class Outer {
      run() { this.helper(); }
      make() {
        return class {
          go() { this.inside(); }
        };
      }
      after() { this.tail(); }
    }
    export class Second {
      first() { this.only(); }
    }
    """


def _refs(path: str, text: str) -> set[str]:
    data = textwrap.dedent(text).encode()
    fs = extract_symbols(path, data, None, language_for_path(path), Layout(), every=True)
    return {s.name for s in fs.symbols if s.kind == REFERENCE}


def test_python_self_names_the_innermost_class():
    refs = _refs("pkg/mod.py", PY)
    assert {"mod.Outer.helper", "mod.Outer.Inner.step", "mod.Outer.Inner.Deepest.bottom",
            "mod.Outer.Inner.back", "mod.Outer.tail", "mod.Second.only"} <= refs
    assert not any(r.endswith(".hidden") for r in refs)


def test_typescript_this_names_the_innermost_named_class():
    refs = _refs("mod.ts", TS)
    assert {r for r in refs if r.rsplit(".", 1)[-1] in ("helper", "tail", "only")} == {
        "mod.Outer.helper", "mod.Outer.tail", "mod.Second.only"}
