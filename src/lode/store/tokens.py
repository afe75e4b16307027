"""The code-aware tokens the lexical index holds (shared by the indexer, the query
parser and the store's migrations, which rebuild the index from stored text).

FTS5 (unicode61 with ``_`` as a token character) keeps each identifier whole in the
``body`` column; :func:`idents_for` adds the identifier *parts* to a second column, so
``vectors`` finds ``reclaimVectors`` and ``serve http`` finds ``ServeHTTP`` while the
exact identifier still matches as one token. Pure functions: no store state.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # ASCII identifiers: others split only in the tokenizer
# Camel humps, acronyms, digits stay with the letters before them: ServeHTTP → Serve HTTP,
# HTTPServer → HTTP Server, utf8Decode → utf8 Decode, sha256Sum → sha256 Sum.
# Non-ASCII words split at underscores only (Python's re has no Unicode case classes).
# Written as `[A-Z]+[0-9]*(?![a-z])|[A-Z]?[a-z]+[0-9]*|[0-9]+` cut by the first character
# (the same parts: at a capital followed by a lower-case letter only the second branch can
# match, at any other capital only the first; a lower-case run or digits with nothing
# after them in their branch give nothing back): each branch is tried only where it may
# match, ~11% fewer instructions a findall over the words of Go's, Python's and Rust's
# corpora.
_PART = re.compile(r"[a-z]++[0-9]*+|[A-Z](?:[a-z]++[0-9]*+|[A-Z]*[0-9]*(?![a-z]))|[0-9]++")
_PART_BYTES = re.compile(_PART.pattern.encode())  # the same, for the cache's bytes words


def identifier_parts(word: str) -> list[str]:
    """Lower-cased parts of an identifier; one element when it does not split."""
    parts = [p.lower() for piece in word.split("_") if piece
             for p in (_PART.findall(piece) if piece.isascii() else (piece,))]
    return parts or [word.lower()]


# Bytes outside identifiers (ASCII letters, digits, `_`) become spaces: what IDENT finds
# in a text is then each space-separated token of its UTF-8 bytes without leading digits
# (every byte of a non-ASCII character is >= 0x80, so such characters separate words
# here as they do for IDENT).
_NOT_WORD = bytes(b if (48 <= b <= 57 or 65 <= b <= 90 or 97 <= b <= 122 or b == 95) else 32
                  for b in range(256))
_DIGITS_B = b"0123456789"
_SPLIT_CACHE_SIZE = 200_000


class _TokenParts(dict):
    """token (bytes, as cut by _NOT_WORD) → the parts of its identifier when compound,
    else (); a token not seen before is split on first use."""

    def __missing__(self, token: bytes) -> tuple[str, ...]:
        # A run's distinct words (~70k in 1,500 Go files) pass here once each. A word
        # of letters in one case, or capitalized, then digits (`err`, `int64`, `EOF`,
        # `Reader`) is one part: bytes' ASCII case tests say so without the regex.
        # Otherwise the underscores need no split first: no part's pattern matches `_`,
        # and `_` ends an upper-case run as the end of a piece does.
        letters = token.rstrip(_DIGITS_B)
        if letters.isalpha() and (letters.islower() or letters.isupper() or letters.istitle()):
            got = ()
        else:
            # the word's bytes are ASCII: searched as bytes, decoded once joined
            parts = _PART_BYTES.findall(token.lstrip(_DIGITS_B))  # `0x1F` holds `x1F`
            # parts hold no space: lower-casing them joined is one call instead of one each
            got = tuple(b" ".join(parts).lower().decode().split(" ")) if len(parts) > 1 else ()
        self[token] = got
        return got


_split_cache = _TokenParts()


def idents_for(*texts: str) -> str:
    """The distinct parts of every compound identifier in ``texts``, space-separated, in
    the order the identifiers first occur (the same text gives the same string in every
    process: a set's order would follow the per-process hash seed)."""
    # Every chunk of a run passes here (~3M words in 1,500 files of Go's standard
    # library): the words are cut by bytes.translate and split and go through the cache
    # in C (map, filter, chain, dict.fromkeys); a regex finding them, even only the
    # compound ones, was ~1.5x the time. A repeated word adds only parts already found,
    # so words need no de-duplication first (that was slower).
    return " ".join(dict.fromkeys(_parts(texts)))


def _parts(texts) -> Iterator[str]:
    """The parts of the compound identifiers in ``texts``, in order, repeats included."""
    if len(_split_cache) > _SPLIT_CACHE_SIZE:
        _split_cache.clear()
    # One text: the space joining them is no identifier byte, so its words are theirs, in
    # order (cheaper than cutting each text: a chunk's body and name are two).
    words = " ".join(texts).encode("utf-8", "surrogatepass").translate(_NOT_WORD).split()
    # filter(None) drops the words that do not split (their parts are the empty tuple,
    # ~85% of Go's words) before chain, which would open an iterator for each.
    return chain.from_iterable(filter(None, map(_split_cache.__getitem__, words)))


_CRUMB_SEPARATOR = " › "  # no identifier byte in it: words never run across it
# a breadcrumb's head (a file's path) → (_parts of it, those parts de-duplicated and joined)
_head_parts: dict[str, tuple[tuple[str, ...], str]] = {}


def forget() -> None:
    """Empty the word caches. After a large run their entries, allocated among the run's
    records, keep most of the memory the records used from being handed back: a 15 MB
    generated file left a process 142 MB, 41 once they were emptied (lode.workspace.indexer)."""
    _split_cache.clear()
    _head_parts.clear()


def breadcrumb_labels(breadcrumb: str) -> str:
    """What the lexical index holds for a breadcrumb: the breadcrumb itself, then the
    parts of its compound identifiers (``middleware/basic_auth.go › func BasicAuth`` adds
    ``basic auth``), so path and name words match as words."""
    # Every chunk of a file has a breadcrumb starting with the file's path: its parts are
    # found once (the words of `head › rest` are those of head, then those of rest), and
    # joined once for the chunks whose rest adds none (`type Header struct`).
    head, sep, rest = breadcrumb.partition(_CRUMB_SEPARATOR)
    got = _head_parts.get(head)
    if got is None:
        if len(_head_parts) > 1024:
            _head_parts.clear()
        found = tuple(_parts((head,)))
        got = _head_parts[head] = (found, " ".join(dict.fromkeys(found)))
    if rest and (more := list(_parts((rest,)))):
        parts = " ".join(dict.fromkeys(chain(got[0], more)))
    else:
        parts = got[1]
    return f"{breadcrumb}\n{parts}" if parts else breadcrumb
