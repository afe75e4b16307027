"""C and C++ over the corpora in tests/corpora/c and tests/corpora/cpp (a cart library
in C: a header and sources; a shapes library in C++: a namespace with a class
hierarchy, members defined out of line): what the markers cannot say. A C name is
found by its bare name (one global namespace); a prototype and its body are both
candidates, the body first; a forward declaration does not hide its body; derived
classes are implementations; a file with a syntax error keeps its other definitions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lode.languages import language_for_path
from lode.service import Service
from lode.symbols import api
from lode.symbols.extraction import extract_symbols
from lode.symbols.index import SymbolIndex
from lode.symbols.layout import Layout

from .conftest import CORPORA

FIXTURES = Path(__file__).parent.parent / "chunking" / "fixtures"


def _index(store, lang):
    return SymbolIndex(store, store.workspace(lang).id)


def _where(candidates):
    return [(c.path, c.line, c.detail) for c in candidates]


def test_a_c_function_is_found_by_its_bare_name(corpus_store):
    assert api.bare_name_matches(corpus_store, "cart_add", "c") == ["global.cart_add"]


def test_a_prototype_and_its_body_are_both_candidates_the_body_first(corpus_store):
    got = _index(corpus_store, "c").definitions("global.cart_add")
    assert _where(got) == [("src/cart.c", 16, "function"), ("include/shop/cart.h", 47, "declaration")]


def test_a_forward_declaration_does_not_hide_the_body_in_the_same_file(corpus_store):
    got = _index(corpus_store, "c").definitions("global.line_cost")
    assert _where(got) == [("src/cart.c", 27, "function")]


def test_c_types_enumerators_and_macros_are_global_names(corpus_store):
    index = _index(corpus_store, "c")
    details = {name: index.definitions(name)[0].detail for name in (
        "global.cart_status", "global.CART_FULL", "global.cart_s", "global.cart_line.quantity",
        "global.CART_LINE_COST", "global.cart_visit_cb", "global.cart_default")}
    assert details == {"global.cart_status": "typedef", "global.CART_FULL": "enumerator",
                       "global.cart_s": "struct", "global.cart_line.quantity": "field",
                       "global.CART_LINE_COST": "macro", "global.cart_visit_cb": "typedef",
                       "global.cart_default": "variable"}


def test_c_references_are_calls_and_type_uses_across_files(corpus_store):
    index = _index(corpus_store, "c")
    assert {r.path for r in index.references("global.cart_total")} == {"src/main.c", "src/broken.c"}
    assert {r.path for r in index.references("global.cart_line")} >= {"src/cart.c", "src/main.c"}


def test_a_bare_class_name_is_the_class_not_also_its_constructor(corpus_store):
    assert api.bare_name_matches(corpus_store, "Circle", "cpp") == ["global.geo.Circle"]
    assert _where(_index(corpus_store, "cpp").definitions("global.geo.Circle")) == [
        ("include/geo/shapes.hpp", 25, "class")]


def test_cpp_derived_classes_are_implementations(corpus_store):
    impls = _index(corpus_store, "cpp").implementations("geo.Shape")
    assert sorted(c.name for c in impls) == ["global.Triangle", "global.geo.Circle", "global.geo.Square"]


def test_cpp_out_of_line_members_belong_to_their_class(corpus_store):
    index = _index(corpus_store, "cpp")
    assert _where(index.definitions("geo.Circle.area")) == [
        ("src/shapes.cpp", 9, "function"), ("include/geo/shapes.hpp", 28, "declaration")]
    assert [c.kind for c in index.definitions("Circle.Circle")] == ["method", "method"]
    assert _where(index.definitions("geo.Shape.area")) == [("include/geo/shapes.hpp", 20, "declaration")]


def test_cpp_member_calls_through_declared_types_are_references(corpus_store):
    refs = _index(corpus_store, "cpp").references("geo.Shape.area")
    assert ("src/broken.cpp", 10) in [(r.path, r.line) for r in refs]  # `Shape& s` … `s.area()`
    refs = _index(corpus_store, "cpp").references("geo.Registry.add")
    assert [(r.path, r.line) for r in refs] == [("src/main.cc", 21)]


def test_the_service_answers_bare_c_names(tmp_path):
    root = tmp_path / "cart"
    shutil.copytree(CORPORA / "c", root)
    with Service(str(tmp_path / "lode.db")) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
        found = svc.definition("cart_init")
        assert [(c["path"], c["line"]) for c in found["candidates"]] == [
            ("src/cart.c", 10), ("include/shop/cart.h", 45)]
        assert [r["path"] for r in svc.references("cart_init")["references"]] == ["src/main.c"]
        described = svc.describe("cart_init")
        assert "Empties the cart" in str(described)
        assert svc.languages_without_symbols() == []


@pytest.mark.parametrize("path, names", [
    ("src/broken.c", {"global.broken_half", "global.after_the_error"}),
    ("src/broken.cpp", {"global.geo.broken", "global.geo.after_the_error"}),
])
def test_a_file_with_a_syntax_error_keeps_its_other_definitions(corpus_store, path, names):
    lang = "c" if path.endswith(".c") else "cpp"
    got = {c.name for c in _index(corpus_store, lang).file_symbols(path) if c.kind != "reference"}
    assert names <= got


_CPP_HEADER = """// A ring of shapes: a C++ header named .h, as most C++ projects name theirs.
#pragma once
#include "shapes.hpp"

namespace geo {
namespace detail {
inline int wrap(int i, int n) { return i % n; }
}

class Ring : public Shape {
public:
    double area() const override;
    int size() const { return count_; }
private:
    int count_ = 0;
};
}
"""

_C_HEADER = """/* The C interface of geo: C, with the usual guard for C++ callers. */
#ifndef GEO_C_H
#define GEO_C_H
#ifdef __cplusplus
extern "C" {
#endif
struct geo_point { double x, y; };
double geo_area(const struct geo_point *points, int n);
#ifdef __cplusplus
}
#endif
#endif
"""


def test_a_cpp_header_named_h_is_read_as_cpp_and_a_c_header_stays_c(tmp_path):
    root = tmp_path / "geo"
    shutil.copytree(CORPORA / "cpp", root)
    (root / "include" / "geo" / "ring.h").write_text(_CPP_HEADER)
    (root / "include" / "geo" / "geo_c.h").write_text(_C_HEADER)
    with Service(str(tmp_path / "lode.db")) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)

        def where(name):
            return [(c["path"], c["line"], c["detail"]) for c in svc.definition(name)["candidates"]]

        # read with C's grammar, `namespace geo {` and `class Ring : public Shape` are lost
        assert where("geo.Ring") == [("include/geo/ring.h", 10, "class")]
        assert where("geo.detail.wrap") == [("include/geo/ring.h", 7, "function")]
        assert ("include/geo/ring.h", 13, "function") in where("geo.Ring.size")
        impls = svc.implementations("geo.Shape")
        assert "global.geo.Ring" in str(impls)
        # the C header keeps C's names: its struct's fields under the struct, no namespace
        assert where("geo_point.x") == [("include/geo/geo_c.h", 7, "field")]
        assert where("geo_area") == [("include/geo/geo_c.h", 8, "declaration")]


def test_cpp_template_parameters_are_not_references():
    # pool.hpp's templates name T, Alloc and Item: parameters, not types of any namespace
    # (`T take();` was a use of global.containers.T, `Item best` … `best.area()` of
    # global.containers.Item.area)
    path = "include/containers/pool.hpp"
    text = (CORPORA / "cpp" / path).read_text()
    fs = extract_symbols(path, text, None, language_for_path(path), Layout())
    refs = {s.name for s in fs.symbols if s.kind == "reference"}
    assert {n for n in refs if {"T", "Alloc", "Item"} & set(n.split("."))} == set()
    assert "global.std.vector" in refs  # a type the templates do name
    defined = {s.name for s in fs.symbols if s.kind != "reference"}
    assert {"global.containers.Pool", "global.containers.Pool.put", "global.containers.Pool.take",
            "global.containers.largest"} <= defined


def test_macros_in_front_of_declarations_keep_their_definitions():
    # A header marked up as fmtlib's is (LEDGER_CONSTEXPR, class LEDGER_API x,
    # LEDGER_BEGIN_NAMESPACE alone on a line, `} LEDGER_ATTRIBUTE_UNUSED;`): tree-sitter
    # read each macro as a type and lost the class or member behind it. Named .h, it is
    # read as C++ for its symbols, as fmtlib's headers are.
    text = (FIXTURES / "cpp" / "ledger.hpp").read_text()
    path = "include/ledger/ledger.h"
    fs = extract_symbols(path, text, None, language_for_path(path), Layout())
    defined = {(s.name, s.detail) for s in fs.symbols if s.kind != "reference"}
    assert {("global.ledger_error", "class"), ("global.basic_account", "class"),
            ("global.basic_account.basic_account", "function"), ("global.basic_account.name", "function"),
            ("global.audit_scope", "class"), ("global.audit_scope.audit_scope", "declaration"),
            ("global.detail.entry_buffer.entry_buffer", "function"),
            ("global.detail.entry_buffer.~entry_buffer", "function")} <= defined
    # the macros themselves are no definitions, and no member lands outside its class
    names = {name for name, _ in defined}
    assert not {n for n in names if "LEDGER_" in n and n != "global.LEDGER_LEDGER_H_"}
    assert "global.name_" not in names and "global.basic_account.name_" in names


def test_a_class_template_specialisations_members_belong_to_the_template():
    # `template <> struct formatter<point> { auto parse(…); auto format(…); }`: the
    # specialisation is the template's name again, and its members are the template's
    # (they were global.geo.parse and global.geo.format, as if free functions); one
    # written outside its namespace opens the namespace's scope, as an out-of-line member does
    path = "include/geo/formatters.hpp"
    text = (FIXTURES / "cpp" / "formatters.hpp").read_text()
    fs = extract_symbols(path, text, None, language_for_path(path), Layout(), every=True)
    defined = [(s.name, s.line, s.detail) for s in fs.symbols if s.kind != "reference"]
    assert [d for d in defined if d[0] == "global.geo.formatter"] == [
        ("global.geo.formatter", 20, "struct"), ("global.geo.formatter", 25, "struct"),
        ("global.geo.formatter", 35, "struct"), ("global.geo.formatter", 51, "struct")]
    assert [d for d in defined if d[0].startswith("global.geo.formatter.")] == [
        ("global.geo.formatter.formatter", 21, "function"), ("global.geo.formatter.parse", 26, "function"),
        ("global.geo.formatter.format", 28, "function"), ("global.geo.formatter.format", 36, "function"),
        ("global.geo.formatter.format", 52, "function")]
    # the last is written outside namespace geo (`struct geo::formatter<std::chrono::…>`):
    # its members were global.format
    assert not {n for n, _, _ in defined if n in ("global.geo.parse", "global.geo.format", "global.format")}
