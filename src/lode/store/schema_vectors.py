"""Tables for semantic search.

- ``vectors``: one row per (model id, hash of the exact embedded text). Chunks point at
  it through ``chunks.embed_hash``, so identical texts — in one workspace or many —
  share a vector, a different model has its own rows, and a vector no chunk points at
  any more is garbage, reclaimed in batches (:func:`lode.embed.vectors.reclaim`).
  ``vec`` is little-endian float32, unit length.
- ``vector_state``: store-wide settings and counters: ``model`` (the model name chosen
  by ``lode index --model``), ``epoch`` (bumped by every batch of vectors written or
  reclaimed, so a search process knows its in-memory matrix is stale).
"""

from __future__ import annotations

from .migrations import migration, run_script


@migration("0200_vectors")
def _vectors(db):
    run_script(db, """
    CREATE TABLE vectors (
        id INTEGER PRIMARY KEY,
        model TEXT NOT NULL,
        hash TEXT NOT NULL,
        dim INTEGER NOT NULL,
        vec BLOB NOT NULL,
        UNIQUE (model, hash)
    );
    CREATE TABLE vector_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )
    """)
