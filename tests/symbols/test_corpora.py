"""Every inline marker in tests/corpora/<lang>/ holds:

- ``lode: NAME [MORE…]`` — the next definition is named NAME (or NAME is a trailing form
  of its name), and ``def`` answers each of the names with it first;
- ``lode-ref: NAME`` — ``refs NAME`` lists this file at the next code line;
- ``lode-impl: NAME`` — ``impls NAME`` lists the next code line.
"""

from __future__ import annotations

import pytest

from lode.symbols.index import SymbolIndex
from lode.symbols.records import REFERENCE

from .conftest import CORPORA, LANGUAGES, markers, next_code_line

CASES = [(lang, m) for lang in LANGUAGES for m in markers(lang)]


def _ids(case):
    lang, m = case
    return f"{lang}:{m.path}:{m.line}:{m.kind}:{m.names[0]}"


def _index(store, lang):
    return SymbolIndex(store, store.workspace(lang).id)


def test_every_language_has_markers():
    for lang in ("go", "python", "rust", "typescript", "zig"):
        assert any(m.kind == "def" for m in markers(lang)), lang


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_marker(corpus_store, case):
    lang, m = case
    index = _index(corpus_store, lang)
    root = CORPORA / lang
    if m.kind == "def":
        defs = [c for c in index.file_symbols(m.path) if c.line > m.line]
        assert defs, f"no definition after {m.path}:{m.line}"
        first = min(defs, key=lambda c: (c.line, c.column))
        want = m.names[0]
        assert first.name == want or first.name.endswith(("." + want, "/" + want)), \
            f"{m.path}:{first.line}: extracted {first.name}, marker says {want}"
        for name in m.names:
            got = index.definitions(name)
            assert got, f"def {name}: no candidates"
            assert (got[0].path, got[0].line) == (m.path, first.line), \
                f"def {name}: first candidate {got[0].path}:{got[0].line} ({got[0].name}), " \
                f"want {m.path}:{first.line}"
    elif m.kind == "ref":
        line = next_code_line(root, m.path, m.line)
        refs = index.references(m.names[0])
        assert any(r.path == m.path and r.line == line for r in refs), \
            f"refs {m.names[0]}: {[(r.path, r.line, r.name) for r in refs]}, want {m.path}:{line}"
    else:
        line = next_code_line(root, m.path, m.line)
        impls = index.implementations(m.names[0])
        assert any(r.path == m.path and r.line == line for r in impls), \
            f"impls {m.names[0]}: {[(r.path, r.line, r.name) for r in impls]}, want {m.path}:{line}"


def test_bare_name_is_refused_with_a_hint(corpus_store):
    from lode.errors import InvalidParams
    with pytest.raises(InvalidParams) as exc:
        _index(corpus_store, "python").definitions("Widget")
    assert "not qualified" in exc.value.message and exc.value.data["search"] == "Widget"
    assert "lode " not in exc.value.message  # each interface names its own command


def test_colons_are_dots(corpus_store):
    got = _index(corpus_store, "rust").definitions("geometry::Shape::area")
    assert got and got[0].path == "src/geometry/mod.rs"


def test_unknown_name_has_no_candidates(corpus_store):
    assert _index(corpus_store, "python").definitions("mypkg.Nope") == []
    assert _index(corpus_store, "python").definitions("Widget.nope") == []


def test_reexport_candidate_says_where_it_was_reexported(corpus_store):
    c = _index(corpus_store, "python").definitions("mypkg.Widget")[0]
    assert (c.path, c.line, c.target) == ("src/mypkg/_impl.py", 5, "mypkg._impl.Widget")
    assert c.via.startswith("src/mypkg/__init__.py:")


def test_test_code_ranks_after_other_code(corpus_store):
    # `Widget` is a class in both mypkg/_impl.py and tests/test_widget.py
    got = _index(corpus_store, "python").definitions("x.Widget".replace("x.", "_impl.")) + \
        _index(corpus_store, "python").list_symbols(prefix="test_widget.Widget")
    assert got[0].path == "src/mypkg/_impl.py"
    ranked = _index(corpus_store, "python").implementations("mypkg.Widget")
    assert [c.test for c in ranked] == sorted(c.test for c in ranked)


def test_go_interface_implementations_by_method_set(corpus_store):
    impls = _index(corpus_store, "go").implementations("server.Namer")
    assert {c.name for c in impls} == {"example.com/app/server.Handler", "example.com/app/server.Store"}


def test_only_first_occurrence_per_name_and_kind(corpus_store):
    rows = corpus_store.db.execute(
        "SELECT s.rname, s.kind, count(*) FROM symbols s GROUP BY s.file_id, s.rname, s.kind, s.detail "
        "HAVING count(*) > 1").fetchall()
    assert rows == []
    # two definitions of one name in a file only where the language keeps a detail's
    # rows apart (Haskell's `data Item = Item …`: the type and its constructor)
    rows = corpus_store.db.execute(
        "SELECT s.rname, group_concat(s.detail) FROM symbols s GROUP BY s.file_id, s.rname, s.kind "
        "HAVING count(*) > 1").fetchall()
    assert [(r[::-1], sorted(d.split(","))) for r, d in rows] == [("Shop.Value.Item", ["constructor", "type"])]


def test_references_are_stored_once_per_file(corpus_store):
    index = _index(corpus_store, "python")
    refs = index.references("mypkg.Widget")
    assert len({r.path for r in refs}) == len(refs)
    assert all(r.kind == REFERENCE for r in refs)


def test_all_limits_package_reexports(corpus_store):
    index = _index(corpus_store, "python")
    # imported by __init__ but not in __all__: reachable as an attribute, ranked as such
    # (behind anything exported), and never taken by `from mypkg import *`
    got = index.definitions("mypkg.FancyWidget")
    assert [c.path for c in got] == ["src/mypkg/shapes.py"]
    links = corpus_store.db.execute("SELECT wild FROM symbol_links WHERE rname = ?",
                                    ("mypkg.FancyWidget"[::-1],)).fetchall()
    assert links == [(2,)]
    assert index.definitions("mypkg.Circle")[0].path == "src/mypkg/shapes.py"  # star, in shapes.__all__


def test_bare_name_of_a_renamed_reexport_stands_for_it(corpus_store):
    # `export type { Shape as AnyShape } from "./shape"`: the name exists only as the
    # re-export, yet a bare `AnyShape` (what a user reads in code) must find it
    from lode.symbols import api
    assert api.bare_name_matches(corpus_store, "AnyShape", "typescript") == ["shapes.AnyShape"]
    got = api.definition(corpus_store, "shapes.AnyShape", "typescript")["candidates"]
    assert got and got[0]["path"] == "src/shapes/shape.ts"
    # a same-named re-export (`export { Circle } from "./circle"`) is no second meaning
    assert api.bare_name_matches(corpus_store, "Circle", "typescript") == ["shapes.circle.Circle"]


def test_kotlin_supertypes_are_extends_or_implements_as_java_says(corpus_store):
    # `: Base(...)` calls a superclass's constructor (extends); a bare `: Mountable` in a
    # class or object is an interface (implements); an interface's supertypes are extends
    index = _index(corpus_store, "kotlin")
    kinds = {c.name: c.kind for c in index.implementations("routing.Mountable")}
    assert kinds == {"shop.routing.Router": "implements", "shop.routing.Audit": "implements",
                     "shop.routing.Nested": "extends"}
    kinds = {c.name: c.kind for c in index.implementations("routing.Stage")}
    assert kinds == {"shop.routing.Logging": "extends", "shop.routing.Audit": "extends"}


def test_describe_shows_a_multi_line_signature_on_one_line(corpus_store):
    # a function's own chunk (`scale`) and a method of a class kept whole, whose
    # signature is read from the source (`Canvas.draw`): one line, brackets as written
    from lode.symbols import api
    def signature(name):
        return api.describe(corpus_store, name, "python")["symbols"][0]["signature"]
    assert signature("mypkg.shapes.scale") == "def scale(shape: Shape, factor: float = 1.0) -> Shape"
    assert signature("mypkg.shapes.Canvas.draw") == \
        "def draw(self, shape: Shape, *, clip: tuple[int, int] | None = None) -> None"


def test_a_long_signature_is_cut_at_a_parameter_with_an_ellipsis():
    from lode.chunking.summary import SIGNATURE_MAX
    from lode.symbols.signature import one_line
    text = "def configure(\n" + "".join(f"    option_{i}: int = {i},\n" for i in range(40)) + ") -> None"
    got = one_line(text)
    assert got.startswith("def configure(option_0: int = 0, option_1: int = 1,")
    assert len(got) <= SIGNATURE_MAX and got.endswith("…") and got[-2].isdigit()
