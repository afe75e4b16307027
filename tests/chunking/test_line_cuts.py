"""split_long_sized finds each piece's lines by a bisect of the lines' running sizes; it
must cut where the walk of one step per line it replaced cut, with the same counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lode.chunking.lines import _cut_long_line, split_long_sized, trim

_WS_BUT_NEWLINE = b" \t\r\f\v"


def _line_walk(data: bytes, start: int, end: int, budget: int) -> list[tuple[int, int, int | None]]:
    """split_long_sized as it was: a step per line."""
    pieces: list[tuple[int, int, int | None]] = []
    piece_start, size, pos = start, 0, start
    span = data[start:end]
    line_sizes = map(len, span.translate(None, _WS_BUT_NEWLINE).split(b"\n"))
    for line_len, line_size in zip(map(len, span.split(b"\n")), line_sizes):
        if pos >= end:
            break
        line_end = min(pos + line_len + 1, end)
        if size and size + line_size > budget:
            pieces.append((piece_start, pos, size))
            piece_start, size = pos, 0
        if line_size > 2 * budget:
            pieces.extend((s, e, None) for s, e in _cut_long_line(data, pos, line_end, budget))
            piece_start, size = line_end, 0
        else:
            size += line_size
        pos = line_end
    if piece_start < end:
        pieces.append((piece_start, end, size))
    out = []
    for s, e, piece_size in pieces:
        s, e = trim(data, s, e)
        if s < e:
            out.append((s, e, piece_size))
    return out


_PIECES = [b"a", b"bb", b" ", b"\t", b"\n", b"\n", b"\n\n", b"\r\n", b"\x0c", b"x" * 9, b"y" * 17, b"z" * 40,
           b"\xc3\xa9", b";", b"  \n"]


@settings(max_examples=4000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=80).map(b"".join), st.sampled_from([4, 8, 20, 60]),
       st.floats(0, 1), st.floats(0, 1))
def test_bisected_pieces_are_the_line_walks(data, budget, a, b):
    start, end = sorted((int(a * len(data)), int(b * len(data))))
    assert split_long_sized(data, start, end, budget) == _line_walk(data, start, end, budget)
