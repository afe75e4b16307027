"""Go's var and const definitions are the file's own declarations: the query matches
var and const specs wherever they stand, and only those in a declaration that is a
child of the file are definitions (not locals, not those a broken tree wraps in an
ERROR node)."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE


def definitions(text: str) -> dict[str, str]:
    fs = extract_symbols("p/a.go", text, None, language_for_path("a.go"), Layout(files={"p/a.go": text}))
    return {s.name: s.detail for s in fs.symbols if s.kind != REFERENCE}


def test_top_level_vars_and_consts_are_definitions_and_locals_are_not():
    found = definitions(
        "package p\n\n"
        "const Limit = 10\n"
        "const (\n\tA = iota\n\tB\n)\n"
        "var Default = New()\n"
        "var (\n\tx, y int\n\thandler = func() { var inHandler int; const inHandlerToo = 1 }\n)\n"
        "func New() int {\n\tvar local int\n\tconst localConst = 2\n\treturn local + localConst\n}\n"
        "type T struct{}\n"
        "func (t *T) M() { var inMethod int; _ = inMethod }\n")
    assert {"p.Limit": "const", "p.A": "const", "p.B": "const", "p.Default": "var", "p.x": "var",
            "p.handler": "var"}.items() <= found.items()
    assert not {"p.local", "p.localConst", "p.inHandler", "p.inHandlerToo", "p.inMethod"} & found.keys()


def test_a_declaration_inside_a_syntax_error_is_no_definition():
    # a broken file as the Go tree's own type-checker tests hold: tree-sitter wraps both
    # declarations in one ERROR node at the top of the file
    found = definitions("package p\n\nvar _ = new(- /* ERROR not a type */ 1)\n"
                        "var _ = new(1 /* ERROR not a type */ + 1)\n\nconst Fine = 1\n")
    assert "p._" not in found
    assert found.get("p.Fine") == "const"


def test_locals_of_a_method_with_a_parenthesised_receiver_stay_local():
    # `func (t (T)) M()`: no receiver pattern reads `(T)`, so the method is no definition;
    # its body's var is still not the package's
    found = definitions("package p\n\ntype T struct{}\n\nfunc (t (T)) M() {\n\tvar inside int\n\t_ = inside\n}\n")
    assert "p.inside" not in found
    assert "p.T" in found


def test_every_name_of_a_declaration_naming_several_is_a_definition():
    # as in Go's own tree (math/bits, syscall): one spec, several names
    found = definitions(
        "package p\n\n"
        "// Errors the decoder returns.\n"
        "var ErrShortBuffer, ErrLongBuffer error\n\n"
        "const (\n\tuvnan, uvinf = 0x7FF8000000000001, 0x7FF0000000000000\n"
        "\tmaxRW, minRW\n)\n\n"
        "var Stdin, Stdout = open(0), open(1)\n")
    assert {"p.ErrShortBuffer", "p.ErrLongBuffer", "p.Stdin", "p.Stdout"} <= found.keys()
    assert {"p.uvnan", "p.uvinf", "p.maxRW", "p.minRW"} <= found.keys()
