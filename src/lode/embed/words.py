"""Tokenizing embed texts a word at a time, each distinct word once.

The static model's tokenizer cuts a text into words at whitespace (``WhitespaceSplit``),
marks each word's start (``Metaspace``: ``▁word``) and cuts each word into pieces on
its own (Unigram): a text's pieces are its words' pieces, in order. Code repeats its
words (Go's standard library: 3.2M words, 322k distinct), so the pieces of each
distinct word are kept (:class:`WordPieces`) and a text's pieces are joined from them;
only new words go through the tokenizer. Same pieces, so the same vectors, for about a
third of the CPU.

That holds for a text whose normalised form splits where the tokenizer splits it: a
text of the compact tokenizer's :data:`~lode.embed.compact.ALPHABET` (ASCII code, 93% of
Go's texts) is cut as it is, the normaliser turning only tab, newline and carriage
return into spaces; another text is normalised first (in Rust), then cut, and each of
its words outside the alphabet must come out of the normaliser unchanged (it is
normalised again when it is tokenized alone). A text holding an added token's text
(``<pad>``, ``<unk>``: matched before words are cut), the word-start mark ``▁``, or a
character Python splits at and the tokenizer does not, goes through the tokenizer whole.
:func:`_word_starts` checks the tokenizer itself before any text is cut this way.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Iterable, NamedTuple

from .compact import ALPHABET, outside

if TYPE_CHECKING:
    import numpy as np

WORDS_KEPT = 400_000    # distinct words' pieces kept (~50 MB at most); then it starts over
GROUP_WORDS = 256       # new words per tokenizer input (one input per core works at a time)

_MARK = "\u2581"  # the Metaspace word-start mark
# Checked once per tokenizer: its words and pieces are its words' pieces.
_SAMPLE = ("func (s *Server) Close() error {\n\tif s.ln != nil {\r\n\t\treturn s.ln.Close()\n\t}\n"
           "\treturn nil\n}  // Close stops the listener \u203a net/http \u203a Server.Close\n"
           "def _vectors(self, flat): rows = self.rows[flat] if x>=0x7f else {'k': [1, 2.5e-3]}")


class _Checked(NamedTuple):
    tokenizer: object
    starts: _StartMarks | None  # which ids are pieces starting a word; None: no word path
    added: re.Pattern | None    # the added tokens' texts
    unsplit: re.Pattern | None  # whitespace Python splits at and the tokenizer does not
    model: object               # cuts a marked word of the alphabet as the tokenizer does, or None
    find_added: object          # added's search (:func:`_finder`), or a function finding nothing


class WordPieces:
    """The pieces of each distinct word seen, as the full tokenizer's ids without the
    unknown token (little-endian int32 bytes, ready to join)."""

    def __init__(self) -> None:
        self.ids: dict[str, bytes] = {}
        self._checked: _Checked | None = None  # the last tokenizer's (a replaced one is freed)

    def split(self, texts: list[str], tokenizer, normal: dict[int, str] | None = None,
              fit: list[bool] | None = None) -> list[list[str] | None]:
        """The words ``tokenizer`` cuts each text into (normalised; ``normal``: texts
        normalised, by position, when known), or None for a text that must go through
        the tokenizer whole. ``fit``: by position, True for a text known to hold only
        :data:`ALPHABET` characters (not searched again)."""
        checked = self._check(tokenizer)
        if checked.starts is None:
            return [None] * len(texts)
        added = checked.find_added
        out: list[list[str] | None] = []
        for i, text in enumerate(texts):
            if added(text):
                out.append(None)
            elif (fit is not None and fit[i]) or not outside(text):
                out.append(text.split())
            else:
                out.append(self._normal_words(text, tokenizer, checked, normal.get(i) if normal else None))
        return out

    def _normal_words(self, text: str, tokenizer, checked: _Checked, normal: str | None) -> list[str] | None:
        norm = tokenizer.normalizer
        text = normal if normal is not None else norm.normalize_str(text) if norm is not None else text
        if _MARK in text or checked.find_added(text) or \
                (checked.unsplit is not None and checked.unsplit.search(text)):
            return None
        words = text.split()
        if norm is not None:
            kept = self.ids
            for w in words:
                if w not in kept and outside(w) and norm.normalize_str(w) != w:
                    return None  # tokenized alone it would be normalised into another word
        return words

    def learn(self, words: Iterable[str], tokenizer, model_ids: np.ndarray | None,
              unk: int | None) -> dict[str, bytes]:
        """Keep the pieces of the ``words`` not kept yet (``tokenizer``'s ids mapped to
        the full tokenizer's by ``model_ids``). Returns the table holding them all (a
        new one when the kept words would pass :data:`WORDS_KEPT`; a thread holding the
        old one still reads it)."""
        import numpy as np

        kept = self.ids
        distinct = set(words)
        new = distinct.difference(kept)
        if not new:
            return kept
        if len(kept) + len(new) > WORDS_KEPT:
            kept = self.ids = {}
            new = distinct
        # Words of the alphabet go to the tokenizer's model one by one, marked as its
        # pre-tokenizer marks them (else through the tokenizer GROUP_WORDS to an input, cut
        # apart again at their marked first pieces); any other word through the tokenizer
        # alone (joined to another, a leading combining mark would join the space before it).
        checked = self._check(tokenizer)
        starts = checked.starts
        if outside(" ".join(new)) is None:  # nearly always: one search, not one a word
            plain, others = list(new), []
        else:
            plain = [w for w in new if not outside(w)]
            others = [w for w in new if outside(w)]
        if checked.model is not None:
            _learn_marked(plain, checked.model, model_ids, unk, kept)
            plain = []
        groups = [plain[i:i + GROUP_WORDS] for i in range(0, len(plain), GROUP_WORDS)]
        if not groups and not others:
            return kept
        encodings = tokenizer.encode_batch_fast([" ".join(g) for g in groups] + others, add_special_tokens=False)
        for w, e in zip(others, encodings[len(groups):]):
            kept[w] = _full_ids(np.asarray(e.ids, dtype=np.int64), model_ids, unk).tobytes()
        for group, enc in zip(groups, encodings):
            ids = np.asarray(enc.ids, dtype=np.int64)
            bounds = np.flatnonzero(starts[ids])
            if len(bounds) != len(group) or (len(bounds) and bounds[0] != 0):
                # Not one marked piece per word (cannot happen with the checked tokenizer):
                # each word through the tokenizer alone.
                singles = tokenizer.encode_batch_fast(group, add_special_tokens=False)
                for w, e in zip(group, singles):
                    kept[w] = _full_ids(np.asarray(e.ids, dtype=np.int64), model_ids, unk).tobytes()
                continue
            _keep_cut(kept, group, ids, bounds, model_ids, unk)
        return kept

    @staticmethod
    def pieces(table: dict[str, bytes], words: list[str], cap: int) -> bytes:
        """The first ``cap`` pieces of a text of ``words`` (all in ``table``), int32 bytes."""
        return b"".join(map(table.__getitem__, words))[:cap * 4]

    def forget_tokenizer(self) -> None:
        """Drop the reference to the last tokenizer (it is being replaced)."""
        self._checked = None

    def _check(self, tokenizer) -> _Checked:
        """What :func:`_word_starts` says of ``tokenizer``, worked out once."""
        got = self._checked
        if got is None or got.tokenizer is not tokenizer:
            starts, added, unsplit = _word_starts(tokenizer)
            got = self._checked = _Checked(tokenizer, starts, added, unsplit, _word_model(tokenizer, starts),
                                           _finder(added))
        return got


def _learn_marked(words: list[str], model, model_ids: np.ndarray | None, unk: int | None,
                  kept: dict[str, bytes]) -> None:
    """Keep the pieces ``model`` (:func:`_word_model`'s) cuts each of ``words`` into."""
    import numpy as np

    tokenize = model.tokenize
    cut = [[t.id for t in tokenize(_MARK + w)] for w in words]
    counts = np.fromiter(map(len, cut), dtype=np.int64, count=len(cut))
    ids = np.fromiter(itertools.chain.from_iterable(cut), dtype=np.int64, count=int(counts.sum()))
    _keep_cut(kept, words, ids, np.concatenate(([0], np.cumsum(counts)[:-1])), model_ids, unk)


def _keep_cut(kept: dict[str, bytes], words: list[str], ids: np.ndarray, bounds: np.ndarray,
              model_ids: np.ndarray | None, unk: int | None) -> None:
    """Keep each word's pieces: ``ids`` (the tokenizer's) hold the words' pieces in
    order, word ``k``'s from ``bounds[k]``."""
    import numpy as np

    known = ids != unk if unk is not None else np.ones(len(ids), dtype=bool)
    blob = _full_ids(ids, model_ids, unk).tobytes()
    # Each word's start among the known pieces, in bytes.
    before = np.concatenate(([0], np.cumsum(known)))
    at = (np.append(before[bounds], before[-1]) * 4).tolist()
    kept.update(zip(words, [blob[a:b] for a, b in zip(at[:-1], at[1:])]))


def _word_model(tokenizer, starts: _StartMarks | None):
    """``tokenizer``'s model when it cuts each word of the alphabet, marked at its start
    (``▁word``), into the tokenizer's pieces of that word, else None. :func:`_word_starts`
    found that the normaliser leaves each character of :data:`ALPHABET` as it is and
    that the pre-tokenizer only splits and marks words; such words hold no added token's
    text (texts holding one are cut whole). Skipping the normaliser, the pre-tokenizer
    and an encoding per group cuts new words in ~0.7 of the instructions (Go's tree)."""
    if starts is None:
        return None
    words = [w for w in _SAMPLE.split() if not outside(w)]
    try:
        model = tokenizer.model
        alone = [t.id for w in words for t in model.tokenize(_MARK + w)]
    except Exception:  # another tokenizers version: words go through the tokenizer
        return None
    return model if alone == tokenizer.encode(" ".join(words), add_special_tokens=False).ids else None


def _nothing(_text: str) -> None:
    return None


def _finder(pattern: re.Pattern | None):
    """``pattern.search`` for the added tokens' texts; when they all start with one
    character (the static model's: an angle bracket), that character is looked for
    first: a text without it (most code) is then passed over at memchr's speed instead
    of the regex's (a call a character). (This docstring names no added token's text:
    a text holding one would make an index of this file load a tokenizer.)"""
    if pattern is None:
        return _nothing
    search = pattern.search
    firsts = {c[:1] for c in pattern.pattern.split("|")} if pattern.pattern else set()
    if len(firsts) != 1 or not all(pattern.pattern.split("|")) or "\\" in pattern.pattern:
        return search
    first = firsts.pop()
    return lambda text: first in text and search(text)


def _full_ids(ids: np.ndarray, model_ids: np.ndarray | None, unk: int | None) -> np.ndarray:
    if unk is not None:
        ids = ids[ids != unk]
    return (ids if model_ids is None else model_ids[ids]).astype("<i4")


class _StartMarks:
    """Which of a tokenizer's ids are pieces starting a word (``▁``…), looked up as
    ids come: ``marks[ids]`` is a bool array. Reading the whole vocabulary for it
    (~105k pieces of the compact tokenizer) cost every process that embeds ~80 ms of
    CPU; an index run of 100 files meets a few thousand of them."""

    def __init__(self, tokenizer) -> None:
        import numpy as np

        self._token = tokenizer.id_to_token
        size = tokenizer.get_vocab_size(with_added_tokens=True)
        self._marks = np.zeros(size, dtype=bool)
        self._known = np.zeros(size, dtype=bool)

    def __getitem__(self, ids) -> np.ndarray:
        import numpy as np

        ids = np.asarray(ids, dtype=np.int64)
        new = ids[~self._known[ids]]
        if len(new):
            token = self._token
            for i in np.unique(new).tolist():
                piece = token(i)
                self._marks[i] = piece is not None and piece.startswith(_MARK)
            self._known[new] = True
        return self._marks[ids]


def _word_starts(tokenizer) -> tuple[_StartMarks | None, re.Pattern | None, re.Pattern | None]:
    """Which ids of ``tokenizer`` are pieces starting a word (None if its normaliser
    changes :data:`ALPHABET` texts' words or its pieces of a text are not its words'
    pieces), its added tokens' texts, and the whitespace characters it does not split at."""
    contents = [t.content for t in tokenizer.get_added_tokens_decoder().values() if t.content]
    added = re.compile("|".join(map(re.escape, contents))) if contents else None
    norm = tokenizer.normalizer
    for c in [*ALPHABET, "\r\n"]:
        out = norm.normalize_str(c) if norm is not None else c
        if (out.strip() if c.isspace() else out != c):
            return None, added, None
    pre = tokenizer.pre_tokenizer
    if pre is None or [p for p, _ in pre.pre_tokenize_str(_SAMPLE)] != [_MARK + w for w in _SAMPLE.split()]:
        return None, added, None
    spaces = [c for c in map(chr, range(0x3001)) if c.isspace()]  # (U+3000 is the last)
    unsplit = "".join(c for c in spaces if len(pre.pre_tokenize_str(f"a{c}b")) != 2)
    starts = _StartMarks(tokenizer)
    whole = tokenizer.encode(_SAMPLE, add_special_tokens=False).ids
    by_word = [i for e in tokenizer.encode_batch_fast(_SAMPLE.split(), add_special_tokens=False) for i in e.ids]
    if whole != by_word or int(starts[whole].sum()) != len(_SAMPLE.split()):
        return None, added, None
    return starts, added, re.compile(f"[{re.escape(unsplit)}]") if unsplit else None
