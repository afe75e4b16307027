"""Vectors in the store: which model, what is missing, embedding it, reclaiming garbage.

A vector is keyed by (model id, ``chunks.embed_hash``): the hash of exactly the text
embedded. Embedding a workspace asks the store for the distinct hashes its chunks use
that have no vector for the model yet, embeds their texts in batches (one transaction
per batch, so a kill loses at most one batch), and bumps ``epoch`` so searchers reload.
Reclaiming deletes, a batch at a time, vectors of other models and vectors no chunk
points at any more.
"""

from __future__ import annotations

import sqlite3
import time
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import numpy as np

from .models import Embedder, model_name

EMBED_BATCH = 2048      # texts per embed call and per store transaction
RECLAIM_BATCH = 5000    # vectors deleted per transaction

Progress = Callable[[int, int, str], None]


def _get(db: sqlite3.Connection, key: str) -> str | None:
    row = db.execute("SELECT value FROM vector_state WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def _set(db: sqlite3.Connection, key: str, value: str) -> None:
    db.execute("INSERT INTO vector_state (key, value) VALUES (?, ?) "
               "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))


def stored_model(db: sqlite3.Connection) -> str | None:
    """The model name this store embeds with (set by the last embedding run)."""
    return _get(db, "model")


def stored_vectors(db: sqlite3.Connection) -> tuple[str, int] | None:
    """(model id, dim) of the vectors the last embedding run wrote, or None."""
    mid, dim = _get(db, "model_id"), _get(db, "dim")
    return (mid, int(dim)) if mid and dim else None


def set_model(store, name: str) -> None:
    with store.transaction() as db:
        _set(db, "model", model_name(name))


def epoch(db: sqlite3.Connection) -> int:
    return int(_get(db, "epoch") or 0)


def _bump(db: sqlite3.Connection) -> None:
    db.execute("INSERT INTO vector_state (key, value) VALUES ('epoch', '1') "
               "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1")


def missing(db: sqlite3.Connection, model_id: str, workspace_id: int | None = None) -> list[str]:
    """Distinct embed hashes used by the workspace's chunks (every workspace when None)
    that have no vector for ``model_id``."""
    ws = " AND c.file_id IN (SELECT id FROM files WHERE workspace_id = ?)" if workspace_id is not None else ""
    args = ([workspace_id] if workspace_id is not None else []) + [model_id]
    return [r[0] for r in db.execute(
        "SELECT DISTINCT c.embed_hash FROM chunks c WHERE c.embed_hash IS NOT NULL" + ws +
        " AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.model = ? AND v.hash = c.embed_hash)", args)]


def _texts(db: sqlite3.Connection, hashes: list[str]) -> dict[str, str]:
    out = {}
    for i in range(0, len(hashes), 500):
        part = hashes[i:i + 500]
        for h, t in db.execute(f"SELECT embed_hash, embed FROM chunks WHERE embed_hash IN "
                               f"({','.join('?' * len(part))})", part):
            out.setdefault(h, t)
    return out


def embed_workspace(store, embedder: Embedder, workspace_id: int | None = None,
                    progress: Progress | None = None) -> dict:
    """Embed every chunk text of the workspace that has no vector for ``embedder`` yet,
    then reclaim garbage. Returns counts and timings."""
    db = store.db
    started = time.monotonic()
    cpu0 = time.process_time()
    todo = missing(db, embedder.id, workspace_id)
    total, done, seconds_embedding = len(todo), 0, 0.0
    prepare = getattr(embedder, "prepare", None)
    if prepare is not None and total > EMBED_BATCH:  # (a small run's batch prepares itself)
        # One pass over the texts first, so the model sizes its tokenizer once for all
        # of them (lode.embed.compact) instead of falling back to its largest one.
        for i in range(0, total, EMBED_BATCH):
            prepare(_texts(db, todo[i:i + EMBED_BATCH]).values())
    if progress:
        progress(0, total, "embedding")
    for i in range(0, total, EMBED_BATCH):
        part = todo[i:i + EMBED_BATCH]
        texts = _texts(db, part)
        keys = [h for h in part if texts.get(h)]
        t = time.perf_counter()
        vecs = embedder.embed([texts[h] for h in keys]).astype("<f4", copy=False)
        seconds_embedding += time.perf_counter() - t
        with store.transaction() as tx:
            tx.executemany("INSERT OR IGNORE INTO vectors (model, hash, dim, vec) VALUES (?, ?, ?, ?)",
                           [(embedder.id, h, embedder.dim, v.tobytes()) for h, v in zip(keys, vecs)])
            _bump(tx)
        done += len(part)
        if progress:
            progress(done, total, "embedding")
    with store.transaction() as tx:
        _set(tx, "model_id", embedder.id)
        _set(tx, "dim", str(embedder.dim))
    reclaimed = reclaim(store, embedder.id)
    return {"model": embedder.id, "embedded": total, "reclaimed": reclaimed,
            "embed_seconds": round(seconds_embedding, 3),
            "seconds": round(time.monotonic() - started, 3),
            "cpu_seconds": round(time.process_time() - cpu0, 3),
            "texts_per_second": round(total / seconds_embedding, 1) if seconds_embedding > 0 else None}


def reclaim(store, keep_model_id: str, batch: int = RECLAIM_BATCH) -> int:
    """Delete vectors of other models and vectors no chunk uses, ``batch`` per transaction."""
    total = 0
    while True:
        with store.transaction() as db:
            n = db.execute(
                "DELETE FROM vectors WHERE id IN (SELECT v.id FROM vectors v WHERE v.model != ? "
                "OR NOT EXISTS (SELECT 1 FROM chunks c WHERE c.embed_hash = v.hash) LIMIT ?)",
                (keep_model_id, batch)).rowcount
            if n:
                _bump(db)
        total += n
        if n < batch:
            return total


def counts(db: sqlite3.Connection, model_id: str, workspace_id: int | None = None) -> dict:
    """How many of the workspace's embeddable chunks have a vector for ``model_id``."""
    ws = " AND c.file_id IN (SELECT id FROM files WHERE workspace_id = ?)" if workspace_id is not None else ""
    args = [model_id] + ([workspace_id] if workspace_id is not None else [])
    embeddable, with_vec = db.execute(
        "SELECT count(*), count(v.id) FROM chunks c LEFT JOIN vectors v ON v.model = ? AND v.hash = c.embed_hash "
        "WHERE c.embed_hash IS NOT NULL" + ws, args).fetchone()
    return {"embeddable": embeddable, "embedded": with_vec}


def as_matrix(blobs: list[bytes], dim: int) -> np.ndarray:
    import numpy as np

    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype="<f4").reshape(len(blobs), dim)
