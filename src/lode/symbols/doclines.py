"""A definition's doc comment with its line breaks, found again in the source.

The chunk keeps a definition's doc as one line of prose (markers dropped, lines joined:
the text the embedder sees). ``lode describe`` and hover show the doc to a person, for
whom the breaks carry meaning (an ``Args:`` list, a code example), so the words of that
line are laid back on the source lines they came from. No language knowledge: the words
must appear, in order, on consecutive lines, with only marker tokens (``///``, ``*``,
``\"\"\"``: no letter or digit) around them and blank or marker-only lines between them
(kept as paragraph breaks). When they cannot be placed so (the doc was rewritten, e.g.
C#'s XML tags dropped), nothing is returned and the one-line doc stands.
"""

from __future__ import annotations

def _marks(tokens: list[str]) -> bool:
    """Whether every token is a comment marker (no letter or digit)."""
    return not any(ch.isalnum() for t in tokens for ch in t)


def _place(words: list[str], k: int, line: str) -> tuple[int, int, int] | None:
    """Words ``words[k:]`` found from the start of ``line``'s text: (words taken, start
    column of the first, end column of the last), or None when the line does not go on
    with them. The first word may end a token (``\"\"\"Draw``) and the last begin one
    (``widget.\"\"\"``); tokens before and after must be markers."""
    tokens, cols, pos = [], [], 0
    for tok in line.split():
        pos = line.index(tok, pos)
        tokens.append(tok)
        cols.append(pos)
        pos += len(tok)
    for j0, first in enumerate(tokens):
        if not _marks(tokens[:j0]):
            return None  # prose before the doc's next word: not this line
        w = words[k]
        if not first.endswith(w) and not (w in first and _marks([first.replace(w, "", 1)])):
            continue
        start = cols[j0] + first.index(w) if not first.endswith(w) else cols[j0] + len(first) - len(w)
        n, end = 1, start + len(w)
        j = j0 + 1
        while j < len(tokens) and k + n < len(words):
            tok, w = tokens[j], words[k + n]
            last = k + n == len(words) - 1  # where a doc cut short may end inside a word
            if tok == w or (tok.startswith(w) and (last or _marks([tok[len(w):]]))):
                n, end = n + 1, cols[j] + len(w)
                j += 1
                if tok != w:
                    break  # a marker glued to the word ends the line's text
            else:
                break
        if _marks(tokens[j:]) or k + n == len(words):
            return n, start, end
    return None


def doc_lines(doc: str, lines: list[str]) -> str | None:
    """``doc`` with the line breaks each of its lines (the doc comment, a member's
    signature …; words single-spaced) has in ``lines`` (the source lines around the
    definition), or None when no line of it is found there."""
    found = [_one(part, lines) for part in doc.split("\n")]
    if not any(found):
        return None
    return "\n".join(f if f else part for f, part in zip(found, doc.split("\n")))


def _one(doc: str, lines: list[str]) -> str | None:
    """One line of prose laid back on the source lines it came from, or None when its
    words are not found there in order. Lines keep their indentation relative to each
    other (the first line's own, as in a docstring, dropped)."""
    words = doc.split()
    cut = bool(words) and words[-1].endswith("…")  # a long doc is cut short, maybe inside a word
    if cut:
        words[-1] = words[-1][:-1]
        if not words[-1]:
            words.pop()
    if len(words) < 2:
        return None
    for s, line in enumerate(lines):  # a try from a line stops at its first line off the doc
        if words[0] not in line:
            continue
        placed: list[tuple[int, str] | None] = []  # (column, text), None for a paragraph break
        k = 0
        for text in lines[s:]:
            if k == len(words):
                break
            got = _place(words, k, text)
            if got is None:
                if placed and _marks(text.split()):
                    placed.append(None)  # a blank or marker-only line: a paragraph break
                    continue
                break
            n, start, end = got
            placed.append((start, text[start:end]))
            k += n
        if k == len(words):
            return _layout(placed) + ("…" if cut else "")
    return None


def _layout(placed: list[tuple[int, str] | None]) -> str:
    while placed and placed[-1] is None:
        placed.pop()
    rest = [p[0] for p in placed[1:] if p is not None]
    margin = min(rest) if rest else 0
    out: list[str] = []
    for i, p in enumerate(placed):
        if p is None:
            if out and out[-1] != "":
                out.append("")
            continue
        col, text = p
        out.append(text if i == 0 else " " * max(0, col - margin) + text)
    return "\n".join(out)
