"""A query's own tokenizer: the static model's vocabulary in a file looked up by piece,
built once into the user's cache, and per call a tokenizer of only the pieces the
texts can be cut into.

Loading a tokenizer is most of what embedding a search's query costs a process that
has none loaded (a command-line search without a daemon): the compact one
(:mod:`.compact`, 105k pieces) takes ~0.35 s to parse and build its trie, the full one
more. A Unigram tokenizer cuts each pre-token (a word with its start mark, as the
normaliser and pre-tokenizer leave it) along the best-scoring path through the pieces
that occur in it, so only pieces that are substrings of a pre-token can be on any path.
A tokenizer holding just those (looked up here among the full vocabulary's 276k), and
the pieces the model needs whatever the text (the added tokens, the unknown token, the
lowest-scoring piece, which sets the score of an unknown character), has the same
lattice for those texts and cuts them into the same pieces; with every other section of
the model's tokenizer (normaliser, pre-tokenizer, added tokens) unchanged, it is built
in ~1 ms. Tests compare its vectors with the full tokenizer's.

A text holding an added token's text (``<pad>``, ``<unk>``: matched before words are
cut) is not served (None): its pre-tokens are not the words around that text.

The file is memory-mapped, only its head read whole: the pieces
hashed into buckets (CRC-32 of their UTF-8), each piece's id and score, and the
tokenizer's other sections as JSON text (see :func:`build` for the layout). It is keyed
like the compact tokenizer's files, by the model id and the tokenizer file's path, size
and mtime; when it cannot be built or read, None (the caller loads a tokenizer as
before).
"""

from __future__ import annotations

import json
import mmap
import struct
import threading
import zlib
from array import array
from pathlib import Path

from .compact import cache_dir

try:  # hashlib's blake2b without importing hashlib (its OpenSSL bindings: ~12 M instructions a search)
    from _blake2 import blake2b
except ImportError:  # an interpreter without the module
    from hashlib import blake2b

FORMAT = b"LODEVOC1"
_HEADER = struct.Struct("<8sIIII")  # format, buckets, pieces, pieces' bytes, meta's bytes


class Vocabulary:
    """The model's vocabulary file, mapped once per process; :meth:`tokenizer` makes
    the per-call tokenizers."""

    # Substrings looked up per call at most (a pasted text of long words would ask for
    # more: then a loaded tokenizer is cheaper).
    max_lookups = 50_000

    def __init__(self, path: Path):
        from tokenizers import Tokenizer

        with open(path, "rb") as f:
            self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        view = memoryview(self._map)
        magic, buckets, n, size, meta_size = _HEADER.unpack_from(view)
        if magic != FORMAT:
            raise ValueError("another format")
        at = _HEADER.size
        meta = json.loads(bytes(view[at:at + meta_size]))
        at = _aligned(at + meta_size)
        self._scores = view[at:at + 8 * n].cast("d")
        at += 8 * n
        self._starts = view[at:at + 4 * (buckets + 1)].cast("I")
        at += 4 * (buckets + 1)
        self._offsets = view[at:at + 4 * (n + 1)].cast("I")
        at += 4 * (n + 1)
        self._ids = view[at:at + 4 * n].cast("I")
        at += 4 * n
        self._pieces_at = at
        if at + size != len(self._map):
            raise ValueError("a truncated file")
        self._mask = buckets - 1
        self._shell = meta["shell"]
        self._model = meta["model"]
        self._added = meta["added_tokens"]
        self._lengths = tuple(meta["lengths"])
        self._needed = [tuple(r) for r in meta["needed"]]
        self._contents = [t["content"] for t in self._added if t.get("content")]
        # Its normaliser and pre-tokenizer cut every call's texts into pre-tokens.
        self._base = Tokenizer.from_str(_spec(self._shell, self._model, self._added, self._needed)[0])
        # The per-call tokenizers are made without it and given this one's normaliser:
        # parsing its character map every call was most of a call (~1 ms).
        bare = json.loads(self._shell + "}")
        self._bare = json.dumps({**bare, "normalizer": None}, ensure_ascii=False)[:-1]

    def _lookup(self, pieces) -> list[tuple[str, int, float]]:
        """(piece, id, score) of each of ``pieces`` in the vocabulary."""
        crc, mask, starts, offsets, base, data = zlib.crc32, self._mask, self._starts, self._offsets, \
            self._pieces_at, self._map
        out = []
        for piece in pieces:
            key = piece.encode("utf-8", "surrogatepass")
            h = crc(key) & mask
            for j in range(starts[h], starts[h + 1]):
                if data[base + offsets[j]:base + offsets[j + 1]] == key:
                    out.append((piece, self._ids[j], self._scores[j]))
                    break
        return out

    def tokenizer(self, texts: list[str], max_lookups: int | None = None):
        """``(tokenizer, its ids → the full tokenizer's ids (int64 array), its unknown
        id)`` cutting ``texts`` as the model's tokenizer does, or None when this one
        cannot serve them (an added token's text in them, more substrings than
        ``max_lookups``, by default :attr:`max_lookups`)."""
        import numpy as np
        from tokenizers import Tokenizer

        limit = max_lookups or self.max_lookups
        norm, pre = self._base.normalizer, self._base.pre_tokenizer
        words: set[str] = set()
        for text in texts:
            normal = norm.normalize_str(text) if norm is not None else text
            if any(c in text or c in normal for c in self._contents):
                return None
            words.update([w for w, _ in pre.pre_tokenize_str(normal)] if pre is not None else [normal])
        subs: set[str] = set()
        for w in words:
            n = len(w)
            for size in self._lengths:
                if size > n:
                    break
                subs.update(w[i:i + size] for i in range(n - size + 1))
            if len(subs) > limit:
                return None
        text, full_ids, unk = _spec(self._bare, self._model, self._added, [*self._needed, *self._lookup(subs)])
        tok = Tokenizer.from_str(text)
        if norm is not None:
            tok.normalizer = norm
        return tok, np.asarray(full_ids, dtype=np.int64), unk


def _aligned(at: int) -> int:
    return (at + 7) & ~7


def _spec(shell: str, model: dict, added: list[dict], rows) -> tuple[str, list[int], int | None]:
    """The tokenizer JSON holding the pieces ``rows`` (piece, full id, score), in the
    full tokenizer's order, its ids' full ids and its unknown id."""
    by_id = {i: (p, s) for p, i, s in rows}
    full_ids = sorted(by_id)
    new = {old: i for i, old in enumerate(full_ids)}
    unk = model.get("unk_id")
    unk = new[unk] if unk is not None else None
    part = {**model, "vocab": [list(by_id[i]) for i in full_ids], "unk_id": unk}
    tokens = [{**t, "id": new[t["id"]]} for t in added]
    text = f'{shell}, "added_tokens": {json.dumps(tokens, ensure_ascii=False)}, ' \
           f'"model": {json.dumps(part, ensure_ascii=False)}}}'
    return text, full_ids, unk


_open: dict[Path, Vocabulary | None] = {}
_open_lock = threading.Lock()


def load(tokenizer_json: Path, model_id: str) -> Vocabulary | None:
    """The model's vocabulary (built first when missing), or None when it cannot be."""
    try:
        path = _path(tokenizer_json, model_id)
    except OSError:
        return None
    with _open_lock:
        if path in _open:
            return _open[path]
    try:
        if not path.exists():
            _build_apart(tokenizer_json, path)
        vocab = Vocabulary(path)
    except Exception:  # a broken or unwritable cache must not stop embedding
        vocab = None
    with _open_lock:
        return _open.setdefault(path, vocab)


def build_missing(tokenizer_json: Path, model_id: str) -> bool:
    """Build the model's vocabulary file when it is missing, without opening it. False
    when it cannot be built."""
    try:
        path = _path(tokenizer_json, model_id)
        if not path.exists():
            _build_apart(tokenizer_json, path)
    except Exception:  # an unwritable cache: searches load a tokenizer instead
        return False
    return True


def _path(tokenizer_json: Path, model_id: str) -> Path:
    st = tokenizer_json.stat()
    key = blake2b(b"%s|%s|%s|%d|%d" % (FORMAT, model_id.encode(), str(tokenizer_json).encode(),
                                                st.st_size, st.st_mtime_ns), digest_size=8).hexdigest()
    return cache_dir() / f"vocab-{key}.bin"


def _build_apart(tokenizer_json: Path, path: Path) -> None:
    """:func:`build` in a child process: the full tokenizer's JSON parsed is ~100 MB of
    Python objects a long-lived process (the daemon) would keep."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", "import sys; from lode.embed.vocab import _build_main; "
                           "_build_main(sys.stdin.read())"],
                          input=json.dumps([str(tokenizer_json), str(path)]).encode(), capture_output=True,
                          timeout=300)
    if proc.returncode != 0:
        raise OSError(f"building the vocabulary failed: {proc.stderr.decode(errors='replace')[-500:]}")


def _build_main(args: str) -> None:
    tokenizer_json, path = json.loads(args)
    build(json.loads(Path(tokenizer_json).read_text(encoding="utf-8")), Path(path))


def build(spec: dict, path: Path) -> None:
    """Write the vocabulary file of the tokenizer ``spec`` (its JSON, parsed) to ``path``:
    after the header and the meta JSON (8-byte aligned), each piece's score (float64),
    the buckets' first pieces (uint32, one more than the buckets: a bucket's pieces are
    those from its start to the next one's), each piece's offset among the pieces'
    bytes (uint32, one more), each piece's id (uint32), the pieces' UTF-8 bytes. A
    piece's bucket is the CRC-32 of its bytes modulo the bucket count (a power of two
    at least the pieces' count); a bucket's pieces are in id order."""
    from ..atomic import replacing

    model = spec["model"]
    if model.get("type") != "Unigram" or model.get("byte_fallback") or spec.get("post_processor") is not None:
        raise ValueError("only a plain Unigram tokenizer is served by pieces")
    vocab = model["vocab"]
    keys = [p.encode("utf-8", "surrogatepass") for p, _ in vocab]
    if len(set(keys)) != len(keys):
        raise ValueError("a piece listed twice")
    needed = {t["id"] for t in spec.get("added_tokens", [])}
    needed.add(min(range(len(vocab)), key=lambda i: vocab[i][1]))  # sets the unknown score
    if model.get("unk_id") is not None:
        needed.add(model["unk_id"])
    rest = {k: v for k, v in spec.items() if k not in ("model", "added_tokens", "padding", "truncation")}
    shell = json.dumps({**rest, "padding": None, "truncation": None}, ensure_ascii=False)
    meta = json.dumps({"shell": shell[:-1], "model": {k: v for k, v in model.items() if k != "vocab"},
                       "added_tokens": spec.get("added_tokens", []),
                       "needed": [[vocab[i][0], i, vocab[i][1]] for i in sorted(needed)],
                       "lengths": sorted({len(p) for p, _ in vocab})}, ensure_ascii=False).encode()
    buckets = 1 << max(1, (len(vocab) - 1).bit_length())
    order = sorted(range(len(vocab)), key=lambda i: (zlib.crc32(keys[i]) & (buckets - 1), i))
    starts = array("I", [0] * (buckets + 1))
    for i in order:
        starts[(zlib.crc32(keys[i]) & (buckets - 1)) + 1] += 1
    for b in range(buckets):
        starts[b + 1] += starts[b]
    offsets, at = array("I", [0]), 0
    for i in order:
        at += len(keys[i])
        offsets.append(at)
    scores = array("d", [float(vocab[i][1]) for i in order])
    ids = array("I", order)
    head = _HEADER.pack(FORMAT, buckets, len(vocab), at, len(meta)) + meta
    head += b"\0" * (_aligned(len(head)) - len(head))
    for a in (scores, starts, offsets, ids):
        if a.itemsize != {"d": 8, "I": 4}[a.typecode]:
            raise ValueError("unexpected item sizes")
    if array("I", [1]).tobytes() != (1).to_bytes(4, "little"):
        raise ValueError("a big-endian machine")
    with replacing(path) as tmp, open(tmp, "wb") as f:
        f.write(head)
        for a in (scores, starts, offsets, ids):
            a.tofile(f)
        f.write(b"".join(keys[i] for i in order))
