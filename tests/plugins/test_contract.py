"""The partition check every plug-in chunker's output goes through (in process: the
plug-in objects here are real chunkers, registered as an installed one would be)."""

from __future__ import annotations

import pytest

from lode.plugins import contract
from lode.plugins.contract import ContractBroken, check, chunk_with
from lode.plugins.registry import Registration

TEXT = b"[a]\nx = 1\n\n[b]\ny = 2\n"


class Sections:
    extensions = (".ini",)
    version = "1"

    def __init__(self, spans):
        self.spans = spans

    def chunk(self, path, data):
        return self.spans


def _reg(name, spans):
    return Registration("chunker", name, "1", f"pkg-{name}", "0.1", (".ini",), False, Sections(spans))


def test_a_partition_with_whitespace_between_spans_passes():
    spans = [{"byte_start": 0, "byte_end": 9, "kind": "section", "name": "a"},
             {"byte_start": 10, "byte_end": len(TEXT), "kind": "section", "name": "b"}]
    assert [s[:3] for s in check(TEXT, spans)] == [(0, 9, "section"), (10, len(TEXT), "section")]


@pytest.mark.parametrize("spans, why", [
    ([{"byte_start": 0, "byte_end": 12, "kind": "s"}, {"byte_start": 10, "byte_end": 20, "kind": "s"}], "overlaps"),
    ([{"byte_start": 0, "byte_end": 5, "kind": "s"}, {"byte_start": 10, "byte_end": 20, "kind": "s"}],
     "not whitespace"),
    ([{"byte_start": 0, "byte_end": 9, "kind": "s"}], "bytes 9-21 are not whitespace"),
    ([{"byte_start": 0, "byte_end": 99, "kind": "s"}], "past the end"),
    ([{"byte_start": 0, "byte_end": 0, "kind": "s"}], "empty"),
    ([{"byte_start": "0", "byte_end": 20, "kind": "s"}], "no integer"),
    ([{"byte_start": 0, "byte_end": 20}], "no kind"),
])
def test_each_break_of_the_partition_is_named(spans, why):
    with pytest.raises(ContractBroken, match=why):
        check(TEXT, spans)


def test_chunks_get_lines_breadcrumbs_and_a_bounded_embed():
    spans = [{"byte_start": 0, "byte_end": 10, "kind": "section", "name": "a", "embed": "e" * 5000},
             {"byte_start": 11, "byte_end": len(TEXT), "kind": "section", "name": "b"}]
    a, b = chunk_with(_reg("good", spans), "conf/app.ini", TEXT, embed_budget=100)
    assert (a.line_start, a.line_end, b.line_start, b.line_end) == (1, 2, 4, 5)
    assert b.breadcrumb == "conf/app.ini › section b" and b.embed == b.breadcrumb
    assert len(a.embed) == 100 and a.chunker == "p:good@1"


def test_one_violation_disables_the_plugin_for_this_process():
    bad = _reg("sloppy", [{"byte_start": 0, "byte_end": 5, "kind": "s"}])
    with pytest.raises(ContractBroken, match="'sloppy' \\(package pkg-sloppy\\) broke the partition"):
        chunk_with(bad, "a.ini", TEXT)
    bad.impl.spans = [{"byte_start": 0, "byte_end": len(TEXT), "kind": "s"}]  # now right, still disabled
    with pytest.raises(ContractBroken, match="disabled"):
        chunk_with(bad, "b.ini", TEXT)
    assert "a.ini" in contract.disabled("sloppy")
