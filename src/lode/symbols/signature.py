"""A definition's signature as ``describe`` shows it: one line, whatever the source's
line breaks. A formatter spreads a long signature over lines (``def echo(⏎ message,⏎)``);
squashed naively that reads ``def echo( message, )``, and its first line alone reads
``def echo(``."""

from __future__ import annotations

import re

from ..chunking.summary import SIGNATURE_MAX

# a signature spread over more source lines than this is read no further (cut with "…")
MAX_SIGNATURE_LINES = 40

_AFTER_OPEN = re.compile(r"([(\[])\s+")
_BEFORE_CLOSE = re.compile(r"\s+([)\]])")
# a formatter's trailing comma (`x,⏎)`), never a one-tuple's (`(1,)`: no space)
_TRAILING_COMMA = re.compile(r",\s+([)\]])")
_OPENS, _CLOSES = "([", ")]"


def one_line(text: str) -> str:
    """``text`` on one line: whitespace collapsed, brackets and commas as one writes them
    on a line, cut at a parameter (or word) boundary with "…" past SIGNATURE_MAX."""
    s = " ".join(text.split())
    s = _TRAILING_COMMA.sub(r"\1", s)
    s = _BEFORE_CLOSE.sub(r"\1", _AFTER_OPEN.sub(r"\1", s))
    if len(s) <= SIGNATURE_MAX:
        return s
    head = s[:SIGNATURE_MAX - 1]
    cut = head.rfind(", ")  # after a whole parameter; else after a word
    if cut <= SIGNATURE_MAX // 2:
        cut = head.rfind(" ")
    return (head[:cut + 1] if cut > SIGNATURE_MAX // 2 else head).rstrip(", ") + "…"


def from_source(lines: list[str], line: int) -> str:
    """The signature that starts on 1-based ``line`` of ``lines``: that line and the
    next ones until its parentheses and brackets close, on one line, without the
    body's opening ``{`` or ``:``."""
    depth, taken = 0, []
    for text in lines[line - 1:line - 1 + MAX_SIGNATURE_LINES]:
        taken.append(text)
        depth += sum(text.count(c) for c in _OPENS) - sum(text.count(c) for c in _CLOSES)
        if depth <= 0:
            break
    return one_line(" ".join(taken)).rstrip("{:").strip()
