"""The TUI's pure parts: rows, preview ranges, term marking, the registry comparison."""

from lode.tui import capabilities, render
from lode.tui.capabilities import Registry

HIT = {"path": "store/reclaim.go", "line_start": 13, "line_end": 17, "kind": "method",
       "language": "go", "breadcrumb": "store/reclaim.go › func (s *Store) reclaim()"}


def test_hit_row_is_location_kind_and_breadcrumb_without_the_path_twice():
    assert render.hit_row(HIT).plain == "store/reclaim.go:13  method   func (s *Store) reclaim()"


def test_preview_range_adds_context_and_stays_bounded():
    assert render.preview_range(HIT) == (9, 21)
    assert render.preview_range({"path": "a", "line_start": 2, "line_end": 3}) == (1, 7)
    huge = render.preview_range({"path": "a", "line_start": 1, "line_end": 100_000})
    assert huge[1] - huge[0] <= render.MAX_PREVIEW_LINES + 2 * render.CONTEXT_LINES


def test_terms_are_marked_inside_identifiers_case_insensitively():
    line = "func (s *Store) reclaimVectors(ctx) // Reclaim"
    spans = render.term_spans(line, ["reclaim", "vectors", "x"])
    assert [line[a:b] for a, b in spans] == ["reclaim", "Vectors", "Reclaim"]


def test_lexer_follows_the_language_then_the_file_name():
    assert render.lexer_for("a.go", "go") == "go"
    assert render.lexer_for("notes.md", None) == "markdown"
    assert render.lexer_for("x.unknownext", None) == "default"  # Rich: plain text


def test_list_fields_split_on_commas_and_spaces():
    assert render.split_list(" .log, .cfg  .ini,") == [".log", ".cfg", ".ini"]


def test_reads_more_only_for_a_strict_superset():
    base = Registry(frozenset({"code-go-1", "text-1"}), frozenset({"derive-html-1"}), None)
    more = Registry(frozenset({"code-go-1", "text-1", "code-cobol-1"}), frozenset({"derive-html-1"}), None)
    different = Registry(frozenset({"code-go-2", "text-1", "code-cobol-1"}), frozenset({"derive-html-1"}), None)
    assert capabilities.reads_more(more, base) == {"chunkers": ["code-cobol-1"]}
    assert capabilities.reads_more(base, more) is None       # fewer: never replace
    assert capabilities.reads_more(base, base) is None       # equal: nothing to gain
    assert capabilities.reads_more(different, base) is None  # go-1 would be lost
    rankers = Registry(base.chunkers, base.derivers, frozenset({"body", "bm25-plugin"}))
    assert capabilities.reads_more(rankers, Registry(base.chunkers, base.derivers,
                                                     frozenset({"body"}))) == {"rankers": ["bm25-plugin"]}


def test_a_daemons_current_ranker_is_not_taken_for_its_registry():
    caps = {"chunkers": {"code-go-1": [".go"]}, "derived_formats": {".html": "derive-html-1"},
            "ranker": {"available": False, "reason": "no vectors"}}
    reg = capabilities.from_capabilities(caps)
    assert reg.rankers is None and reg.derivers == {"derive-html-1"}
    listed = capabilities.from_capabilities({**caps, "rankers": [{"id": "body"}, "plug"]})
    assert listed.rankers == {"body", "plug"}


def test_progress_and_workspace_rows():
    assert render.progress_text({"done": 3, "total": 12, "path": "a.go"}) == "indexing 3/12 (25%) a.go"
    assert render.progress_text({"started": 1.0}) == "indexing…"
    # index.status's queued: runs of that workspace waiting behind the one shown
    assert render.progress_text({"done": 3, "total": 12, "path": "a.go", "queued": 1}) == \
        "indexing 3/12 (25%) a.go · 1 more run queued"
    assert render.progress_text({"started": 1.0, "queued": 2}) == "indexing… · 2 more runs queued"
    row = render.workspace_row({"name": "shop", "files": 6, "chunks": 22, "root": "/src/shop",
                                "refused": [{"path": "x", "reason": "binary"}]},
                               {"done": 1, "total": 2})
    assert row.plain.split() == ["shop", "6", "files", "22", "chunks", "1", "refused",
                                 "indexing", "1/2", "(50%)", "/src/shop"]
