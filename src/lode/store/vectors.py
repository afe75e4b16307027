"""Reads and writes of the vector tables (:mod:`.schema_vectors`): the store-wide
settings, which embed hashes lack a vector, writing and reclaiming vectors, and the
vectors of a set of workspaces for semantic search. Reached as ``store.vectors``;
:mod:`lode.embed.vectors` decides what to embed."""

from __future__ import annotations

from operator import itemgetter

_first = itemgetter(0)


class VectorTables:
    def __init__(self, store):
        self.store = store

    # -- settings and counters (vector_state) -------------------------------------------

    def setting(self, key: str) -> str | None:
        row = self.store.db.execute("SELECT value FROM vector_state WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_settings(self, values: dict[str, str]) -> None:
        """Write settings in one transaction."""
        with self.store.transaction() as db:
            for key, value in values.items():
                _set(db, key, value)

    def epoch(self) -> int:
        """Bumped by every batch of vectors written or reclaimed."""
        return int(self.setting("epoch") or 0)

    # -- what to embed --------------------------------------------------------------------

    def missing(self, model_id: str, workspace_id: int | None = None,
                since_generation: int | None = None) -> list[str]:
        """Distinct embed hashes used by the workspace's chunks (every workspace when None)
        that have no vector for ``model_id``; with ``since_generation``, only the chunks
        of the workspace's files written after that generation."""
        ws, args = "", []
        if workspace_id is not None:
            since = " AND generation > ?" if since_generation is not None else ""
            ws = f" AND c.file_id IN (SELECT id FROM files WHERE workspace_id = ?{since})"
            args = [workspace_id] + ([since_generation] if since_generation is not None else [])
        args.append(model_id)
        return [r[0] for r in self.store.db.execute(
            "SELECT DISTINCT c.embed_hash FROM chunks c WHERE c.embed_hash IS NOT NULL" + ws +
            " AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.model = ? AND v.hash = c.embed_hash)", args)]

    def missing_texts(self, model_id: str, workspace_id: int | None = None,
                      since_generation: int | None = None) -> dict[str, str]:
        """:meth:`missing`'s hashes, each with its text (one chunk's, when several share
        it), read in one pass over the chunks: asking :meth:`texts` for them afterwards
        looked each hash up again in the index (Go's tree, 102k texts: 0.44 -> 0.19 CPU s)."""
        ws, args = "", []
        if workspace_id is not None:
            since = " AND generation > ?" if since_generation is not None else ""
            ws = f" AND c.file_id IN (SELECT id FROM files WHERE workspace_id = ?{since})"
            args = [workspace_id] + ([since_generation] if since_generation is not None else [])
        args.append(model_id)
        out: dict[str, str] = {}
        for h, t in self.store.db.execute(
                "SELECT c.embed_hash, c.embed FROM chunks c WHERE c.embed_hash IS NOT NULL" + ws +
                " AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.model = ? AND v.hash = c.embed_hash)", args):
            out.setdefault(h, t)
        return out

    def texts(self, hashes: list[str]) -> dict[str, str]:
        """The embedded text of each hash (one chunk's, when several share it)."""
        out = {}
        for i in range(0, len(hashes), 500):
            part = hashes[i:i + 500]
            for h, t in self.store.db.execute(f"SELECT embed_hash, embed FROM chunks WHERE embed_hash IN "
                                              f"({','.join('?' * len(part))})", part):
                out.setdefault(h, t)
        return out

    def counts(self, model_id: str, workspace_id: int | None = None) -> tuple[int, int]:
        """(embeddable chunks, those with a vector for ``model_id``)."""
        ws = " AND c.file_id IN (SELECT id FROM files WHERE workspace_id = ?)" if workspace_id is not None else ""
        args = [model_id] + ([workspace_id] if workspace_id is not None else [])
        return tuple(self.store.db.execute(
            "SELECT count(*), count(v.id) FROM chunks c LEFT JOIN vectors v ON v.model = ? AND v.hash = c.embed_hash "
            "WHERE c.embed_hash IS NOT NULL" + ws, args).fetchone())

    # -- writing ------------------------------------------------------------------------

    def add(self, model_id: str, dim: int, vectors: list[tuple[str, bytes]]) -> None:
        """Store (hash, little-endian float32 bytes) pairs and bump the epoch, in one
        transaction; a hash that already has a vector keeps it."""
        # In hash order, the (model, hash) index takes a batch leaf after leaf rather than
        # at random: Go's tree's 102k vectors, in the stage's 2,048-row batches, replayed
        # into a new store: 1.04-1.22 -> 0.64-0.84 CPU s.
        rows = [(model_id, h, dim, v) for h, v in sorted(vectors, key=_first)]
        with self.store.transaction() as db:
            db.executemany("INSERT OR IGNORE INTO vectors (model, hash, dim, vec) VALUES (?, ?, ?, ?)", rows)
            _bump(db)

    def reclaim_batch(self, keep_model_id: str, batch: int) -> int:
        """Delete up to ``batch`` vectors of other models or that no chunk uses (one
        transaction; the epoch is bumped when any went). Returns how many went."""
        with self.store.transaction() as db:
            n = db.execute(
                "DELETE FROM vectors WHERE id IN (SELECT v.id FROM vectors v WHERE v.model != ? "
                "OR NOT EXISTS (SELECT 1 FROM chunks c WHERE c.embed_hash = v.hash) LIMIT ?)",
                (keep_model_id, batch)).rowcount
            if n:
                _bump(db)
        return n

    # -- reading for search ---------------------------------------------------------------

    def of_workspaces(self, model_id: str, workspace_ids: list[int]) -> list[tuple[int, bytes]]:
        """(chunk id, vector bytes) of every chunk of the workspaces with a vector."""
        return self.store.db.execute(
            # CROSS JOIN fixes the order files → chunks → vectors: left to itself the planner
            # walks every vector of the model first (1.3 s instead of 13 ms on a 41-workspace store).
            "SELECT c.id, v.vec FROM files f CROSS JOIN chunks c ON c.file_id = f.id "
            "CROSS JOIN vectors v ON v.model = ? AND v.hash = c.embed_hash "
            f"WHERE f.workspace_id IN ({','.join('?' * len(workspace_ids))})", [model_id, *workspace_ids]).fetchall()


def _set(db, key: str, value: str) -> None:
    db.execute("INSERT INTO vector_state (key, value) VALUES (?, ?) "
               "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))


def _bump(db) -> None:
    db.execute("INSERT INTO vector_state (key, value) VALUES ('epoch', '1') "
               "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1")
