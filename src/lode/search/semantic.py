"""Semantic retrieval: the query's vector against the stored vectors of the chunks in
scope, by numpy brute force (a matmul and an argpartition).

Why brute force: on this class of machine numpy does 100k x 256-d in ~8 ms per query,
faster than sqlite-vec (33 ms) and within a few ms of exact usearch, with no extension
to load (DEPENDENCIES.md); the 2M-line Go tree has ~90k embeddable chunks at 64-d.

The matrix of a set of workspaces is loaded once per process and kept while the
store's vector ``epoch``, the workspaces' generations and the newest chunk id are
unchanged (any re-index or embedding batch changes one of them); the first process to
read it in a state keeps it in a file beside the store, which later ones map
(:mod:`.matrices`). The query is embedded without loading a tokenizer when the model
can (``embed_query``, :mod:`lode.embed.vocab`).

A store that searches its own vectors (PostgreSQL: ``store.vectors.nearest``, exact,
then through an HNSW index once large) is asked instead: a client of a shared server
does not pull every vector over the network.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ..embed import vectors as store_vectors
from ..embed.models import Embedder
from .filters import Filters

if TYPE_CHECKING:
    import numpy as np

CANDIDATES = 100
_CACHE: dict = {}
_LOCK = threading.Lock()
_CACHE_MAX = 8


class Matrix:
    """A set of workspaces' vectors. (Not a dataclass: importing dataclasses costs a
    command-line search ~43 M instructions, lode.tuples.)"""

    __slots__ = ("ids", "vecs", "key")

    def __init__(self, ids: np.ndarray, vecs: np.ndarray, key: tuple):
        self.ids = ids    # chunk ids, int64
        self.vecs = vecs  # [n, dim] float32, unit rows
        self.key = key    # the store's state it was read in


def matrix(store, model_id: str, dim: int, workspaces: list) -> Matrix:
    """The vectors of every chunk of ``workspaces`` that has one for ``model_id``: read
    from the store once per state and kept in a file beside it (:mod:`.matrices`),
    which later processes map instead of reading the store again."""
    import numpy as np  # a lexical search never needs it (~60 ms of a CLI command's start)

    from . import matrices

    state = (store_vectors.epoch(store), store.chunks.last_id())
    key = (store.location(), model_id, tuple(sorted((w.id, w.generation) for w in workspaces)))
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None and hit.key == state:
            return hit
    path = matrices.path(store, key, state)
    got = matrices.read(path, dim) if path is not None else None
    if got is not None:
        m = Matrix(got[0], got[1], state)
    else:
        ws = [w.id for w in workspaces]
        ids, blobs = [], []
        for cid, blob in store.vectors.of_workspaces(model_id, ws):
            ids.append(cid)
            blobs.append(blob)
        m = Matrix(np.asarray(ids, dtype=np.int64), store_vectors.as_matrix(blobs, dim), state)
        if path is not None:
            matrices.write(path, m.ids, m.vecs)
    with _LOCK:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = m
    return m


def served(store) -> bool:
    """Whether the store finds nearest neighbours itself (see the module's notes)."""
    return hasattr(store.vectors, "nearest")


def vector_count(store, model_id: str, dim: int, workspaces: list) -> int:
    """Vectors of ``model_id`` the chunks of ``workspaces`` have."""
    if not served(store):
        return int(len(matrix(store, model_id, dim, workspaces).ids))
    # Counted on the server once per state (as the matrix is kept): a count walks the
    # workspaces' chunks, too slow to repeat for every search of a large store.
    state = (store_vectors.epoch(store), store.chunks.last_id())
    key = ("count", store.location(), model_id, tuple(sorted((w.id, w.generation) for w in workspaces)))
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None and hit[0] == state:
            return hit[1]
    n = sum(store.vectors.counts(model_id, w.id)[1] for w in workspaces)
    with _LOCK:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = (state, n)
    return n


def _allowed(store, workspace_ids: list[int], filters: Filters) -> np.ndarray | None:
    import numpy as np

    ids = store.chunks.admitted(workspace_ids, filters.chunk_filter())
    return None if ids is None else np.fromiter(ids, dtype=np.int64)


def retrieve(store, embedder: Embedder, text: str, workspaces: list, filters: Filters,
             k: int = CANDIDATES) -> tuple[list[tuple[int, float]], dict]:
    """The ``k`` chunks nearest the query (chunk id, cosine), best first, and timings."""
    import time

    import numpy as np

    t0 = time.perf_counter()
    m = None if served(store) else matrix(store, embedder.id, embedder.dim, workspaces)
    t1 = time.perf_counter()
    words = getattr(embedder, "query_words", None)
    if words:
        text = " ".join(text.split()[:words])
    q = getattr(embedder, "embed_query", embedder.embed)([text])[0]
    t2 = time.perf_counter()
    if m is None:
        ws = [w.id for w in workspaces]
        out = store.vectors.nearest(embedder.id, embedder.dim, q, ws, k,
                                    store.chunks.admitted(ws, filters.chunk_filter()))
        return out, {"load_ms": 0.0, "embed_query_ms": round((t2 - t1) * 1000, 3),
                     "knn_ms": round((time.perf_counter() - t2) * 1000, 3)}
    info = {"load_ms": round((t1 - t0) * 1000, 3), "embed_query_ms": round((t2 - t1) * 1000, 3),
            "vectors": int(len(m.ids))}
    if not len(m.ids):
        return [], info
    sims = m.vecs @ q
    allowed = _allowed(store, [w.id for w in workspaces], filters)
    if allowed is not None:
        sims = np.where(np.isin(m.ids, allowed), sims, -np.inf)
    k = min(k, len(sims))
    top = np.argpartition(-sims, k - 1)[:k]
    top = top[np.argsort(-sims[top], kind="stable")]
    out = [(int(m.ids[i]), float(sims[i])) for i in top if np.isfinite(sims[i])]
    info["knn_ms"] = round((time.perf_counter() - t2) * 1000, 3)
    return out, info
