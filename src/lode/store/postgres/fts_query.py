"""FTS5 MATCH expressions read for the PostgreSQL store, so the search sends both stores
the same text (:func:`lode.search.query.fts_expression`).

The subset lode writes: quoted strings (``""`` escapes a quote) and bare words, ``AND``
/ ``OR`` (AND binds tighter; adjacent items are an implicit AND, as in FTS5),
parentheses, and a column filter before a phrase or a parenthesised group
(``breadcrumb : …``, ``{body breadcrumb} : …``). Anything else (``NOT``, ``NEAR``,
prefix ``*``, ``^``) is refused rather than read differently from FTS5.

A string becomes a :class:`Phrase` of the index terms FTS5 makes of it
(:func:`.fts_tokens.tokens`), so ``"compressed"`` is the phrase ``compress``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fts_tokens import COLUMNS, tokens


class UnsupportedQuery(ValueError):
    """A MATCH expression outside the subset this store reads."""


@dataclass(frozen=True)
class Phrase:
    index: int                      # its place among the expression's phrases (FTS5's order)
    terms: tuple[str, ...]
    columns: frozenset[int] | None  # column indexes it may match in; None: every column


@dataclass(frozen=True)
class Node:
    op: str                         # "and" | "or"
    children: tuple                 # of Node | Phrase


def _lex(text: str) -> list[tuple[str, str]]:
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == '"':
            j, buf = i + 1, []
            while True:
                k = text.find('"', j)
                if k < 0:
                    raise UnsupportedQuery(f"unterminated string in {text!r}")
                buf.append(text[j:k])
                if text[k + 1:k + 2] == '"':
                    buf.append('"')
                    j = k + 2
                    continue
                i = k + 1
                break
            out.append(("str", "".join(buf)))
        elif ch in "(){}:":
            out.append((ch, ch))
            i += 1
        elif ch.isalnum() or ch == "_" or ord(ch) > 127:
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_" or ord(text[j]) > 127):
                j += 1
            word = text[i:j]
            out.append((word, word) if word in ("AND", "OR", "NOT", "NEAR") else ("word", word))
            i = j
        else:
            raise UnsupportedQuery(f"unsupported character {ch!r} in {text!r}")
    return out


class _Parser:
    def __init__(self, text: str):
        self.toks = _lex(text)
        self.at = 0
        self.phrases: list[Phrase] = []

    def peek(self) -> str | None:
        return self.toks[self.at][0] if self.at < len(self.toks) else None

    def take(self, kind: str) -> str:
        if self.peek() != kind:
            raise UnsupportedQuery(f"expected {kind!r} at token {self.at}")
        self.at += 1
        return self.toks[self.at - 1][1]

    def expr(self, cols):
        items = [self.conj(cols)]
        while self.peek() == "OR":
            self.at += 1
            items.append(self.conj(cols))
        return items[0] if len(items) == 1 else Node("or", tuple(items))

    def conj(self, cols):
        items = [self.unary(cols)]
        while self.peek() in ("AND", "str", "word", "(", "{"):
            if self.peek() == "AND":
                self.at += 1
            items.append(self.unary(cols))
        return items[0] if len(items) == 1 else Node("and", tuple(items))

    def unary(self, cols):
        kind = self.peek()
        if kind == "(":
            self.at += 1
            node = self.expr(cols)
            self.take(")")
            return node
        if kind == "{" or (kind == "word" and self.toks[self.at + 1:self.at + 2] == [(":", ":")]):
            return self.unary(self.colset(cols))
        if kind in ("str", "word"):
            text = self.take(kind)
            p = Phrase(len(self.phrases), tuple(tokens(text)), cols)
            self.phrases.append(p)
            return p
        raise UnsupportedQuery(f"unsupported {kind!r} in a MATCH expression")

    def colset(self, cols):
        names = []
        if self.peek() == "{":
            self.at += 1
            while self.peek() == "word":
                names.append(self.take("word"))
            self.take("}")
        else:
            names.append(self.take("word"))
        self.take(":")
        try:
            picked = frozenset(COLUMNS.index(n) for n in names)
        except ValueError:
            raise UnsupportedQuery(f"unknown column in {names}") from None
        return picked if cols is None else picked & cols


def parse(text: str) -> tuple[Node | Phrase, list[Phrase]]:
    """The expression tree of ``text`` and its phrases in order."""
    p = _Parser(text)
    root = p.expr(None)
    if p.at != len(p.toks):
        raise UnsupportedQuery(f"unexpected {p.toks[p.at][1]!r} in {text!r}")
    return root, p.phrases
