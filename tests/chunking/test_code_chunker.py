"""Behaviour of the declaration chunker that the golden files only show implicitly."""

from __future__ import annotations

from pathlib import Path

from lode.chunking import chunk_file
from lode.config import ChunkConfig
from partition import assert_partition

FIXTURES = Path(__file__).parent / "fixtures"


def chunks_of(rel: str):
    text = (FIXTURES / rel).read_text(encoding="utf-8")
    chunks = chunk_file(rel, text)
    assert_partition(text, chunks)
    return text, chunks


def named(chunks, name):
    return [c for c in chunks if c.name == name]


def test_doc_comment_attaches_only_without_a_blank_line():
    text, chunks = chunks_of("go/server/handler.go")
    serve = named(chunks, "Handler.ServeHTTP")[0]
    assert text.encode()[serve.byte_start:].startswith(b"// ServeHTTP answers")
    hits = named(chunks, "Handler.Hits")[0]
    assert text.encode()[hits.byte_start:].startswith(b"func (x Handler) Hits()")
    commentary = [c for c in chunks if c.kind == "gap" and c.line_end == hits.line_start - 2]
    assert commentary and "blank line separates" in commentary[0].embed


def test_decorators_and_attributes_belong_to_their_definition():
    text, chunks = chunks_of("rust/src/geometry.rs")
    square = named(chunks, "Square")
    struct = [c for c in square if c.kind == "class"][0]
    assert text.encode()[struct.byte_start:].startswith(b"/// A square")
    assert b"#[derive(Debug, Clone, PartialEq)]" in text.encode()[struct.byte_start:struct.byte_end]
    text, chunks = chunks_of("typescript/src/service.ts")
    svc = named(chunks, "CatalogueService")[0]
    assert text.encode()[svc.byte_start:].startswith(b"/**\n * Loads items")


def test_scope_breadcrumbs_and_names_come_from_the_tree():
    text = (FIXTURES / "rust/src/geometry.rs").read_text()
    small = ChunkConfig(body_budget=60)
    chunks = chunk_file("rust/src/geometry.rs", text, small)
    assert_partition(text, chunks)
    fmt = named(chunks, "Square.fmt")[0]
    assert fmt.kind == "method"
    assert fmt.breadcrumb == ("rust/src/geometry.rs › impl fmt::Display for Square › "
                              "fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result")


def test_a_syntax_error_costs_only_the_broken_definition():
    _, chunks = chunks_of("python/mypkg/broken.py")
    units = {c.name for c in chunks if c.kind == "function"}
    assert units == {"before", "after"}
    _, chunks = chunks_of("go/server/broken.go")
    assert {"Healthy", "Broken", "AfterBroken"} <= {c.name for c in chunks}


def test_methods_of_an_implementation_the_grammar_lost_are_read_inside_it():
    # An `#if` whose branches each open the block both close loses the whole
    # `@implementation GSLedger (Reporting)`; recovery reads each method between the
    # category's `@implementation` and `@end` lines, so they keep their class's name.
    rel = "objc/GSLedger.m"
    text = (FIXTURES / rel).read_text(encoding="utf-8")
    chunks = chunk_file(rel, text, ChunkConfig(body_budget=60))
    assert_partition(text, chunks)
    methods = {c.name for c in chunks if c.kind == "method"}
    assert {"GSLedger.accounts", "GSLedger.currencyCode"} <= methods
    accounts = named(chunks, "GSLedger.accounts")[0]
    assert accounts.breadcrumb.startswith(f"{rel} › @implementation GSLedger (Reporting) › - (NSArray*) accounts")
    # the method the `#if` breaks stays text of its category, not a unit of its own
    assert "GSLedger.description" not in methods


def test_a_bare_macro_line_does_not_take_the_interface_below_it():
    # `NS_ASSUME_NONNULL_BEGIN` and GNUstep's `GS_EXPORT_CLASS` stand alone on their
    # line; the grammar read them as a declaration's type and lost the `@interface`.
    _, chunks = chunks_of("objc/SHCart.m")
    assert [c.kind for c in named(chunks, "SHMaxQuantity")] == ["variable"]
    assert "NSUInteger" not in {c.name for c in chunks}
    _, chunks = chunks_of("objc/GSLedger.m")
    entry = [c for c in named(chunks, "GSLedgerEntry") if c.kind == "interface"]
    assert entry and entry[0].breadcrumb.endswith("@interface GSLedgerEntry : NSObject")



def test_macros_in_front_of_cpp_declarations_do_not_break_them():
    # LEDGER_API, LEDGER_CONSTEXPR, LEDGER_BEGIN_NAMESPACE and a function-like
    # LEDGER_PRAGMA_CLANG(...) line, as fmtlib's headers write them: the grammar read
    # each as a type or a call and split or lost the declarations behind them.
    text, chunks = chunks_of("cpp/ledger.hpp")
    units = {(c.kind, c.name) for c in chunks if c.kind != "gap"}
    assert {("class", "ledger_error"), ("class", "basic_account"), ("class", "audit_scope"),
            ("function", "balance"), ("function", "report_error")} <= units
    assert not {name for _, name in units if name and name.startswith("LEDGER_") and name != "LEDGER_LEDGER_H_"}
    assert "name_" not in {name for _, name in units}
    account = named(chunks, "basic_account")[0]
    assert text.encode()[account.byte_start:account.byte_end].startswith(b"LEDGER_EXPORT template <typename Char>")

def test_a_file_that_does_not_parse_still_yields_line_chunks():
    text = "\n".join(f"}} ) ] garbage line {i} ((( {{ 'unterminated" for i in range(400))
    chunks = chunk_file("bad.go", text)
    assert_partition(text, chunks)
    assert len(chunks) > 1
    assert sum(c.byte_end - c.byte_start for c in chunks) > 0.9 * len(text)


def _long_go_function(n: int) -> str:
    body = "".join(f"\t// step {i} checks the ledger\n\tv{i} := ledger{i % 5}(x, {i})\n\tif v{i} > 3 {{\n"
                   f"\t\treport(v{i})\n\t}}\n" for i in range(n))
    return f"package big\n\n// Big reconciles the ledger.\nfunc Big(x int) int {{\n{body}\treturn x\n}}\n"


def test_oversized_function_splits_at_statements_keeping_its_identity():
    text = _long_go_function(200)
    chunks = chunk_file("big/big.go", text)
    assert_partition(text, chunks)
    parts = named(chunks, "Big")
    assert len(parts) >= 3
    assert {c.kind for c in parts} == {"function"}
    assert {c.breadcrumb for c in parts} == {"big/big.go › func Big(x int) int"}
    assert all(a.line_end < b.line_start for a, b in zip(parts, parts[1:]))
    assert parts[0].embed.endswith("Big reconciles the ledger.")
    later = parts[1].embed
    assert later.startswith("big/big.go › func Big(x int) int\n")
    assert "calls " in later and "ledger3" in later and "report" in later and "declares v" in later
    lines = text.splitlines()
    for c in parts[1:]:  # cut at statement starts: every fragment begins a statement
        first = lines[c.line_start - 1]
        assert first.startswith(("\t// step", "\tv", "\tif ")), first


def test_oversized_class_splits_into_methods_under_its_breadcrumb():
    methods = "".join(f"    def m{i}(self, a):\n        \"\"\"Method {i}.\"\"\"\n"
                      f"        return sum(k * {i} for k in range(a))\n\n" for i in range(80))
    text = f"class Huge:\n    \"\"\"A huge class.\"\"\"\n\n{methods}"
    chunks = chunk_file("huge.py", text)
    assert_partition(text, chunks)
    head = chunks[0]
    assert (head.kind, head.name, head.breadcrumb) == ("class", "Huge", "huge.py › class Huge")
    assert "def m0(self, a)" in head.embed  # the overview lists the members
    m7 = named(chunks, "Huge.m7")[0]
    assert (m7.kind, m7.breadcrumb) == ("method", "huge.py › class Huge › def m7(self, a)")
    assert m7.embed == "huge.py › class Huge › def m7(self, a)\nMethod 7."


def test_a_go_var_of_an_anonymous_struct_keeps_its_fields_out_of_the_breadcrumb():
    # `var settings struct {…}` (204 such vars in Go's standard library): the label is the
    # var with its type on one line, cut at the struct's body as `type Server struct` is,
    # for the var's own chunk and for every fragment of it when it is split.
    fields = "".join(f"\t// Knob{i} tunes the ledger's step {i}.\n\tKnob{i} int\n" for i in range(150))
    text = (f"package tune\n\n// settings holds the process-wide knobs.\nvar settings struct {{\n{fields}}}\n\n"
            "var limits = struct {\n\tMax int\n\tMin int\n}{Max: 9, Min: 1}\n\n"
            "var small struct{ On bool }\n\nvar byName map[string]struct {\n\tN int\n}\n")
    chunks = chunk_file("tune/settings.go", text)
    assert_partition(text, chunks)
    settings = named(chunks, "settings")
    assert len(settings) >= 3  # split: the fragments carry the same breadcrumb
    assert {c.breadcrumb for c in settings} == {"tune/settings.go › var settings struct"}
    assert settings[0].embed.startswith("tune/settings.go › var settings struct {")  # the embed keeps the fields
    assert [c.breadcrumb for c in named(chunks, "limits")] == ["tune/settings.go › var limits struct"]
    assert [c.breadcrumb for c in named(chunks, "small")] == ["tune/settings.go › var small struct{ On bool }"]
    assert [c.breadcrumb for c in named(chunks, "byName")] == ["tune/settings.go › var byName map[string]struct"]


def test_embed_is_bounded_and_keeps_the_signature_whole():
    doc = "".join(f"// Line {i} of a very long explanation about reconciling ledgers.\n" for i in range(200))
    sig = "func Reconcile(ctx context.Context, ledger *Ledger, opts ...Option) (Report, error)"
    text = f"package p\n\n{doc}{sig} {{\n\treturn Report{{}}, nil\n}}\n"
    config = ChunkConfig()
    fn = named(chunk_file("p.go", text, config), "Reconcile")[0]
    assert len(fn.embed) <= config.embed_budget
    assert sig in fn.embed and "Line 0 of a very long" in fn.embed


def test_tiny_fragments_are_lexical_only():
    _, chunks = chunks_of("go/server/handler.go")
    key = named(chunks, "Key")[0]
    assert key.embed is None
    gaps = [c for c in chunks if c.kind == "gap" and c.line_start == c.line_end and c.embed is None]
    assert gaps  # the `type (` and `)` of the grouped block


def test_deeply_nested_code_does_not_crash():
    depth = 5000
    text = "const x = " + "[" * depth + "1" + "]" * depth + ";\nfunction after() { return 1; }\n"
    chunks = chunk_file("deep.js", text)
    assert_partition(text, chunks)
    assert named(chunks, "after")


def test_minified_one_line_file_is_cut_within_the_line():
    text = "".join(f"function f{i}(a){{return a*{i}+g(a,{i})}};" for i in range(6000))
    chunks = chunk_file("app.min.js", text)
    assert_partition(text, chunks)
    assert all(c.line_start == c.line_end == 1 for c in chunks)
    assert len(chunks) > 50


def test_crlf_and_bom_keep_offsets_true_to_the_file():
    text = "\ufeff// Package p does things.\r\npackage p\r\n\r\n// F frees.\r\nfunc F() {}\r\n"
    chunks = chunk_file("p.go", text)
    assert_partition(text, chunks)
    f = named(chunks, "F")[0]
    assert text.encode()[f.byte_start:f.byte_end] == b"// F frees.\r\nfunc F() {}"
    assert (f.line_start, f.line_end) == (4, 5)


def test_every_chunk_records_its_chunker_and_version():
    for rel, chunker in [("go/server/handler.go", "code-go-4"), ("zig/geometry.zig", "code-zig-3"),
                         ("typescript/src/Cart.tsx", "code-tsx-4"), ("docs/guide.md", "markdown-1"),
                         ("docs/settings.yaml", "yaml-1"), ("docs/notes.txt", "text-1")]:
        _, chunks = chunks_of(rel)
        assert {c.chunker for c in chunks} == {chunker}
