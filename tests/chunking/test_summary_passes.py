"""Cheaper passes that must read as the ones they replaced: comment marks matched at each
line's start instead of substituted along it, a split unit's continuations' names
found by a query over the unit instead of over the whole tree, a value's whitespace
squashed by split and join instead of a substitution, Go's plain-spec pattern and the
last-identifier pattern with possessive runs instead of backtracking ones, and the
non-whitespace count of a piece cut by lines summed from its lines instead of counted."""

from __future__ import annotations

import re
from itertools import repeat
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from lode.chunking import chunk_file
from lode.chunking import code
from lode.chunking.summary import (_COMMENT_MARKS, _LAST_IDENT, _LAST_IDENT_BYTES, _ML_CLOSE, _XML_DOC, _XML_DOC_REF,
                                   _XML_DOC_TAG, _one_space, comment_text)
from lode.chunking.lines import nonws, split_long, split_long_sized
from lode.config import ChunkConfig
from lode.languages import language_for_path
from lode.languages.treesitter import grammar_for

_PIECES = ["//", "///", "//!", "/*", "/**", "*/", "*", "#", "#!", "--", "---", "-- |", "---^", "|", "^", ";",
           ";;", "(*", "(**", "*)", " *)", " ", "  ", "\t", "\n", "\n", "\r\n", "\r", "\x0c", "\xa0", "\x1f",
           "\u2028", "a", "foo", "x y", "<see cref=\"Db\"/>", "<summary>", "</summary>", "<b>"]


def _per_line_sub(raw: str) -> str:
    """comment_text as it was written first: the marks' pattern substituted along each line."""
    lines = [(_ML_CLOSE.sub("", ln) if "*)" in ln else ln).rstrip(" */")
             for ln in map(_COMMENT_MARKS.sub, repeat(""), raw.splitlines())]
    text = " ".join(" ".join(ln for ln in lines if ln.strip()).split())
    if _XML_DOC.search(text):
        text = " ".join(_XML_DOC_TAG.sub(" ", _XML_DOC_REF.sub(r"\1", text)).split())
    return text


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=16).map("".join))
def test_comment_text_reads_as_a_substitution_per_line(raw):
    assert comment_text(raw) == _per_line_sub(raw)


def test_comment_text_examples():
    assert comment_text("// Reader reads.\n//\n// It buffers.") == "Reader reads. It buffers."
    assert comment_text("/**\n * Parses a line.\n */") == "Parses a line."
    assert comment_text("(** OCaml's doc *)") == "OCaml's doc"
    assert comment_text("-- | Haddock\n-- more") == "Haddock more"


FIXTURES = Path(__file__).parent / "fixtures"


def test_split_units_find_the_same_names_as_the_whole_tree(monkeypatch):
    """Every fixture file, chunked with a budget small enough to split most definitions,
    gives the same chunks when each continuation's names are looked for over the whole
    tree (as before) and over the unit being split."""
    config = ChunkConfig(body_budget=60, short_content=8)
    files = [p for p in sorted(FIXTURES.rglob("*")) if p.is_file() and language_for_path(str(p)) is not None]
    assert files
    narrowed = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        spec = language_for_path(str(path))
        narrowed[path] = chunk_file(str(path), text, config, grammar_for(spec).parse(text.encode()))
    monkeypatch.setattr(code._Builder, "_query_root", lambda self, root, start, end: root)
    split = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        spec = language_for_path(str(path))
        whole = chunk_file(str(path), text, config, grammar_for(spec).parse(text.encode()))
        assert narrowed[path] == whole, path
        split += sum(1 for c in whole if c.embed and "calls " in c.embed and c.name)
    assert split > 20  # continuations of split definitions were compared


_SPACED = [" ", "  ", "\t", "\n", "\r\n", "\x0c", "\x0b", "\xa0", "\x1c", "\x1f", "\u2028", "\u3000", "a", "é",
           ",", "{", "…", "x y"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_SPACED), max_size=12).map("".join))
def test_one_space_reads_as_the_substitution(text):
    assert _one_space(text) == re.sub(r"\s+", " ", text)


# _PLAIN_SPEC as written before its runs were possessive
_BACKTRACKING_SPEC = re.compile(rb"([A-Za-z_]\w*)(?:[ \t]+([\w.\[\]*]+))?"
                                rb"(?:[ \t]*=[ \t]*([!#-&(-+\--.0-:<-\[\]-_a-z|~]{1,%d}))?" % (code.VALUE_MAX - 1))
_SPEC_PIECES = [b"A", b"AF_ALG", b"x1", b"_", b" ", b"  ", b"\t", b"=", b" = ", b"uint32", b"syscall.Errno", b"[]byte",
                b"*T", b"0x26", b"1<<iota", b"-1", b"(", b")", b",", b"\"s\"", b"//", b"{", b"}", b"\n", b"\xc3\xa9",
                b"a" * 120]


@settings(max_examples=4000, deadline=None)
@given(st.lists(st.sampled_from(_SPEC_PIECES), max_size=10).map(b"".join))
def test_plain_spec_matches_as_the_backtracking_pattern(spec):
    old, new = _BACKTRACKING_SPEC.fullmatch(spec), code._PLAIN_SPEC.fullmatch(spec)
    assert (old is None) == (new is None)
    assert old is None or old.groups() == new.groups()


_BACKTRACKING_LAST = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?=[^A-Za-z0-9_]*$)")  # _LAST_IDENT before


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="aZ_09. ,()[]*\n\té", max_size=14))
def test_last_identifier_pattern_finds_as_the_backtracking_one(text):
    old = _BACKTRACKING_LAST.search(text)
    assert (old and old.group(0)) == ((m := _LAST_IDENT.search(text)) and m.group(0))
    raw = text.encode()
    old = re.compile(_BACKTRACKING_LAST.pattern.encode()).search(raw)
    assert (old and old.group(0)) == ((m := _LAST_IDENT_BYTES.search(raw)) and m.group(0))


_TEXT_PIECES = [b"a", b"bb", b" ", b"\t", b"\n", b"\n\n", b"\r\n", b"\x0c", b"x" * 50, b"y" * 300, b"\xc3\xa9", b";"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_TEXT_PIECES), max_size=60).map(b"".join), st.sampled_from([8, 20, 60]),
       st.floats(0, 1), st.floats(0, 1))
def test_pieces_cut_by_lines_carry_their_nonws(data, budget, a, b):
    start, end = sorted((int(a * len(data)), int(b * len(data))))
    sized = split_long_sized(data, start, end, budget)
    assert [(s, e) for s, e, _ in sized] == split_long(data, start, end, budget)
    for s, e, size in sized:
        assert size is None or size == nonws(data, s, e)
