"""Byte-offset helpers shared by every chunker: line numbers, trimming, splitting."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import accumulate

_WS = b" \t\r\n\f\v"
_WS_BUT_NEWLINE = b" \t\r\f\v"
_NEWLINE = re.compile(rb"\n")
_BLANK_LINE = re.compile(rb"\n[ \t\r\f\v]*\n")


def nonws(data: bytes, start: int, end: int) -> int:
    """Non-whitespace byte count of ``data[start:end]`` — the size every budget uses."""
    return len(data[start:end].translate(None, _WS))


class Lines:
    """Maps byte offsets of one file to 1-based line numbers.

    Chunks are made in file order, so most questions come in ascending offsets: those are
    answered by counting the newlines since the last answer (in C), and the list of every
    newline's offset, for the others, is made only when one comes."""

    def __init__(self, data: bytes):
        self.data = data
        self._newlines: list[int] | None = None
        self._at, self._line = 0, 1  # the line of offset _at, the last ascending answer

    @property
    def newlines(self) -> list[int]:
        if self._newlines is None:
            self._newlines = [m.start() for m in _NEWLINE.finditer(self.data)]
        return self._newlines

    def line_of(self, offset: int) -> int:
        if offset >= self._at:
            self._line += self.data.count(b"\n", self._at, offset)
            self._at = offset
            return self._line
        return bisect_left(self.newlines, offset) + 1

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Line range of the bytes ``[start, end)`` (inclusive, 1-based)."""
        return self.line_of(start), self.line_of(max(start, end - 1))

    def line_start(self, offset: int) -> int:
        """Offset of the first byte of the line holding ``offset``: the newline before it
        looked for in the few kilobytes before it, else a bisect (never a long scan: a
        minified one-line file asks this for every definition)."""
        if offset <= 0:
            return 0
        if self._newlines is None:  # not listed yet: most questions need no list
            window = 4096
            nl = self.data.rfind(b"\n", max(0, offset - window), offset)
            if nl >= 0 or offset <= window:  # found, or no newline from the file's start on
                return nl + 1
        newlines = self.newlines
        i = bisect_left(newlines, offset)
        return newlines[i - 1] + 1 if i else 0


def trim(data: bytes, start: int, end: int) -> tuple[int, int]:
    """Shrink ``[start, end)`` to exclude leading and trailing whitespace."""
    while start < end and data[start] in _WS:
        start += 1
    while end > start and data[end - 1] in _WS:
        end -= 1
    return start, end


def paragraphs(data: bytes, start: int, end: int) -> list[tuple[int, int]]:
    """Non-blank runs of lines in ``[start, end)``, trimmed, in order."""
    out, cursor = [], start
    for m in _BLANK_LINE.finditer(data, start, end):
        s, e = trim(data, cursor, m.start())
        if s < e:
            out.append((s, e))
        cursor = m.end()
    s, e = trim(data, cursor, end)
    if s < e:
        out.append((s, e))
    return out


def split_lines(data: bytes, start: int, end: int, budget: int) -> list[tuple[int, int]]:
    """Cut ``[start, end)`` at line ends into trimmed pieces of about ``budget``
    non-whitespace bytes; a single line longer than that is cut inside, at a
    character boundary (minified files)."""
    if nonws(data, start, end) <= budget:
        # Fits whole (most gaps and fragments do): no line can start a new piece or be
        # cut up, so the walk below would give just this, counting each line on the way.
        start, end = trim(data, start, end)
        return [(start, end)] if start < end else []
    return split_long(data, start, end, budget)


def split_long(data: bytes, start: int, end: int, budget: int) -> list[tuple[int, int]]:
    """:func:`split_lines` of a span known to hold more than ``budget`` non-whitespace
    bytes (its caller counted them)."""
    return [(s, e) for s, e, _size in split_long_sized(data, start, end, budget)]


def split_long_sized(data: bytes, start: int, end: int, budget: int) -> list[tuple[int, int, int | None]]:
    """:func:`split_long`, each piece with its non-whitespace count: the sum of its lines'
    (trimming takes only whitespace), or None for the parts of a line cut up inside."""
    # each line's length and non-whitespace count, from passes in C over the span (a
    # call per line was most of this function)
    span = data[start:end]
    line_sizes = list(map(len, span.translate(None, _WS_BUT_NEWLINE).split(b"\n")))
    if span.endswith(b"\n"):
        line_sizes.pop()  # the empty "line" after a final newline
    if not line_sizes or max(line_sizes) > 2 * budget:  # a line to cut up inside: line by line
        return _trimmed(data, _cut_line_by_line(data, start, end, budget, span, line_sizes))
    # Each piece's lines found by a bisect of the running sizes, not by a step per line:
    # a piece takes lines while it holds none but whitespace or stays within the budget.
    totals = list(accumulate(line_sizes, initial=0))  # totals[j]: size of the lines before j
    starts = list(accumulate(map(_past_newline, span.split(b"\n")), initial=start))  # line j's offset
    pieces: list[tuple[int, int, int | None]] = []
    first, last = 0, len(line_sizes)
    while True:
        base = totals[first]
        over = bisect_right(totals, base + budget, first + 1) - 1  # the line taking it over budget
        if over >= last:
            break
        cut = over if totals[over] > base else over + 1  # lines of whitespace only take one more
        if cut >= last:
            break
        pieces.append((starts[first], starts[cut], totals[cut] - base))
        first = cut
    pieces.append((starts[first], end, totals[last] - totals[first]))
    return _trimmed(data, pieces)


def _past_newline(line: bytes) -> int:
    return len(line) + 1


def _trimmed(data: bytes, pieces: list[tuple[int, int, int | None]]) -> list[tuple[int, int, int | None]]:
    out = []
    for s, e, piece_size in pieces:
        s, e = trim(data, s, e)
        if s < e:
            out.append((s, e, piece_size))
    return out


def _cut_line_by_line(data: bytes, start: int, end: int, budget: int, span: bytes,
                      line_sizes: list[int]) -> list[tuple[int, int, int | None]]:
    """split_long_sized's pieces before trimming, a step per line: a line of over twice
    the budget is cut up inside (a minified line), the piece before it ended there."""
    pieces: list[tuple[int, int, int | None]] = []
    piece_start, size, pos = start, 0, start
    enormous = 2 * budget
    for line_len, line_size in zip(map(len, span.split(b"\n")), line_sizes):
        if pos >= end:
            break
        line_end = pos + line_len + 1
        if line_end > end:  # the last line, with no newline (a compare: min() is a call per line)
            line_end = end
        if size and size + line_size > budget:
            pieces.append((piece_start, pos, size))
            piece_start, size = pos, 0
        if line_size > enormous:  # one enormous line: cut it up
            for s, e in _cut_long_line(data, pos, line_end, budget):
                pieces.append((s, e, None))
            piece_start, size = line_end, 0
        else:
            size += line_size
        pos = line_end
    if piece_start < end:
        pieces.append((piece_start, end, size))
    return pieces


def _cut_long_line(data: bytes, start: int, end: int, budget: int) -> list[tuple[int, int]]:
    out, pos, step = [], start, max(budget, 64)
    while pos < end:
        cut = min(end, pos + step)
        if cut < end:
            # prefer a cut after whitespace or punctuation, never inside a UTF-8 sequence
            soft = max(data.rfind(b" ", pos, cut), data.rfind(b";", pos, cut), data.rfind(b",", pos, cut))
            if soft > pos + step // 2:
                cut = soft + 1
            while cut < end and (data[cut] & 0xC0) == 0x80:
                cut += 1
        out.append((pos, cut))
        pos = cut
    return out
