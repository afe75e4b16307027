"""Parsing a user's search text into terms — no index needed, so it is tested alone.

Whatever the user types is safe: the text is reduced to words (``\\w+``) and quoted
phrases, and only those, double-quoted, ever reach FTS5. Punctuation-only queries
(``->``, ``::``) keep their raw text for the substring fallback.

- a word ``ServeHTTP`` → :class:`Term` with its identifier parts ``serve``, ``http``;
- ``"-32602"`` or ``"free list"`` → a phrase (its words must appear in that order);
- a dotted name ``server.Handler.ServeHTTP`` is remembered whole (``dotted``) so a
  definition with that qualified name ranks first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .tokens import identifier_parts

_WORD = re.compile(r"\w+")
_QUOTED = re.compile(r'"([^"]*)"')
_DOTTED = re.compile(r"\w+(?:(?:\.|::)\w+)+")


@dataclass(frozen=True)
class Term:
    word: str                      # as typed
    parts: tuple[str, ...] = ()    # lower-cased identifier parts, when it splits

    @property
    def key(self) -> str:
        return self.word.lower()


@dataclass(frozen=True)
class Phrase:
    text: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class Query:
    raw: str
    terms: tuple[Term, ...] = ()
    phrases: tuple[Phrase, ...] = ()
    dotted: tuple[str, ...] = ()   # lower-cased, '::' normalised to '.'
    highlights: tuple[str, ...] = field(default=())

    @property
    def empty(self) -> bool:
        return not self.terms and not self.phrases

    @property
    def identifier(self) -> str | None:
        """The single identifier this query names, if that is all it is."""
        if len(self.terms) == 1 and not self.phrases:
            return self.terms[0].key
        if len(self.dotted) == 1 and not self.phrases and len(self.terms) == self.dotted[0].count(".") + 1:
            return self.dotted[0].rsplit(".", 1)[-1]
        return None


def parse(text: str) -> Query:
    raw = text or ""
    phrases = []
    for m in _QUOTED.finditer(raw):
        words = tuple(_WORD.findall(m.group(1)))
        if words:
            phrases.append(Phrase(m.group(1), words))
    rest = _QUOTED.sub(" ", raw).replace('"', " ")
    dotted = tuple(d.replace("::", ".").lower() for d in _DOTTED.findall(rest))
    terms: list[Term] = []
    seen = set()
    for w in _WORD.findall(rest):
        if w.lower() in seen:
            continue
        seen.add(w.lower())
        parts = identifier_parts(w)
        terms.append(Term(w, tuple(parts) if len(parts) > 1 else ()))
    hl: list[str] = []
    for t in terms:
        hl.append(t.word)
        hl.extend(p for p in t.parts if len(p) > 1)
    for p in phrases:
        hl.append(p.text.strip())
    if not terms and not phrases and raw.strip():
        hl.append(raw.strip())
    return Query(raw, tuple(terms), tuple(phrases), dotted, tuple(dict.fromkeys(h for h in hl if h)))


def _q(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def term_expr(t: Term) -> str:
    """FTS5 expression for one word: the whole token in body/breadcrumb, or the word as
    a part of some identifier, or (for a compound word) all of its parts."""
    w = _q(t.key)
    alts = [f"{{body breadcrumb}} : {w}", f"idents : {w}"]
    if t.parts:
        alts.append("(" + " AND ".join(f"idents : {_q(p)}" for p in dict.fromkeys(t.parts)) + ")")
    return "(" + " OR ".join(alts) + ")"


def phrase_expr(p: Phrase) -> str:
    return "{body breadcrumb} : " + _q(" ".join(w.lower() for w in p.words))


def fts_expression(q: Query, op: str = "AND") -> str | None:
    """The MATCH expression: every term and phrase (``AND``) or any (``OR``)."""
    parts = [term_expr(t) for t in q.terms] + [phrase_expr(p) for p in q.phrases]
    if not parts:
        return None
    return f" {op} ".join(parts)
