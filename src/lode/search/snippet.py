"""A hit's snippet: the few lines of a chunk that best match the query."""

from __future__ import annotations

import re

SNIPPET_LINES = 3
SNIPPET_CHARS = 400


def highlighter(terms) -> re.Pattern | None:
    words = sorted({t for t in terms if t}, key=len, reverse=True)
    if not words:
        return None
    return re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)


def snippet(body: str, pattern: re.Pattern | None, line_start: int) -> tuple[str, int]:
    """(snippet text, its first line number in the file)."""
    lines = body.split("\n")
    best, best_score = 0, -1
    if pattern is not None:
        for i, line in enumerate(lines):
            found = {m.group(0).lower() for m in pattern.finditer(line)}
            score = len(found) * 10 + len(pattern.findall(line))
            if score > best_score:
                best, best_score = i, score
        if best_score <= 0:
            best = 0
    while best < len(lines) - 1 and not lines[best].strip():
        best += 1
    start = best if best == 0 or best_score <= 0 else best - 1
    if start < best and not lines[start].strip():
        start = best
    chosen = lines[start:start + SNIPPET_LINES]
    while chosen and not chosen[-1].strip():
        chosen.pop()
    text = "\n".join(chosen)
    if len(text) > SNIPPET_CHARS:
        text = text[:SNIPPET_CHARS] + "…"
    return text, line_start + start
