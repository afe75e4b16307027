"""split_long_sized finds each piece's lines by a bisect of the lines' running sizes; it
must cut where the walk of one step per line it replaced cut, with the same counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lode.chunking.lines import _cut_line_by_line, _trimmed, split_long_sized

_WS_BUT_NEWLINE = b" \t\r\f\v"


def _line_walk(data: bytes, start: int, end: int, budget: int) -> list[tuple[int, int, int | None]]:
    """split_long_sized's pieces by the walk of one step per line it still takes for a
    span holding a line over twice the budget (the walk it had for every span before)."""
    span = data[start:end]
    line_sizes = list(map(len, span.translate(None, _WS_BUT_NEWLINE).split(b"\n")))
    if span.endswith(b"\n"):
        line_sizes.pop()
    return _trimmed(data, _cut_line_by_line(data, start, end, budget, span, line_sizes))


_PIECES = [b"a", b"bb", b" ", b"\t", b"\n", b"\n", b"\n\n", b"\r\n", b"\x0c", b"x" * 9, b"y" * 17, b"z" * 40,
           b"\xc3\xa9", b";", b"  \n"]


@settings(max_examples=4000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=80).map(b"".join), st.sampled_from([4, 8, 20, 60]),
       st.floats(0, 1), st.floats(0, 1))
def test_bisected_pieces_are_the_line_walks(data, budget, a, b):
    start, end = sorted((int(a * len(data)), int(b * len(data))))
    assert split_long_sized(data, start, end, budget) == _line_walk(data, start, end, budget)
