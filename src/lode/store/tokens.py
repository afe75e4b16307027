"""The code-aware tokens the lexical index holds (shared by the indexer, the query
parser and the store's migrations, which rebuild the index from stored text).

FTS5 (unicode61 with ``_`` as a token character) keeps each identifier whole in the
``body`` column; :func:`idents_for` adds the identifier *parts* to a second column, so
``vectors`` finds ``reclaimVectors`` and ``serve http`` finds ``ServeHTTP`` while the
exact identifier still matches as one token. Pure functions: no store state.
"""

from __future__ import annotations

import re
from itertools import chain

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # ASCII identifiers: others split only in the tokenizer
# Camel humps, acronyms, digits stay with the letters before them: ServeHTTP → Serve HTTP,
# HTTPServer → HTTP Server, utf8Decode → utf8 Decode, sha256Sum → sha256 Sum.
# Non-ASCII words split at underscores only (Python's re has no Unicode case classes).
_PART = re.compile(r"[A-Z]+[0-9]*(?![a-z])|[A-Z]?[a-z]+[0-9]*|[0-9]+")


def identifier_parts(word: str) -> list[str]:
    """Lower-cased parts of an identifier; one element when it does not split."""
    parts = [p.lower() for piece in word.split("_") if piece
             for p in (_PART.findall(piece) if piece.isascii() else (piece,))]
    return parts or [word.lower()]


_split_cache: dict[str, tuple[str, ...]] = {}


def _parts_if_compound(word: str) -> tuple[str, ...]:
    got = _split_cache.get(word)
    if got is None:
        parts = identifier_parts(word)
        got = tuple(parts) if len(parts) > 1 else ()
        if len(_split_cache) > 200_000:
            _split_cache.clear()
        _split_cache[word] = got
    return got


def idents_for(*texts: str) -> str:
    """The distinct parts of every compound identifier in ``texts``, space-separated, in
    the order the identifiers first occur (the same text gives the same string in every
    process: a set's order would follow the per-process hash seed)."""
    seen: dict[str, None] = {}
    for text in texts:
        if text:
            seen.update(dict.fromkeys(IDENT.findall(text)))
    # Every chunk of a run passes here (~1.5M words on Go's standard library), so the
    # words go through the cache in C (set difference, map, chain) instead of a Python
    # call per word. (set.difference looks each word up in the cache; `keys() - keys()`
    # would walk the whole cache for every chunk.)
    missing = set(seen).difference(_split_cache)
    if missing:
        if len(_split_cache) + len(missing) > 200_000:
            _split_cache.clear()
            missing = seen
        for word in missing:
            parts = identifier_parts(word)
            _split_cache[word] = tuple(parts) if len(parts) > 1 else ()
    return " ".join(dict.fromkeys(chain.from_iterable(map(_split_cache.__getitem__, seen))))


def breadcrumb_labels(breadcrumb: str) -> str:
    """What the lexical index holds for a breadcrumb: the breadcrumb itself, then the
    parts of its compound identifiers (``middleware/basic_auth.go › func BasicAuth`` adds
    ``basic auth``), so path and name words match as words."""
    parts = idents_for(breadcrumb)
    return f"{breadcrumb}\n{parts}" if parts else breadcrumb
