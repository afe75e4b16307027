"""The code-embedding evidence corpora (:mod:`lode.embed.evidence`) of a shared store,
kept on the server beside the chunks they are made of.

A corpus is a file the engine loads; a SQLite store keeps it beside its file. A server's
store used to keep it only in the cache folder of the user whose ``lode index`` built
it, so a colleague searching the same store from another machine (an agent's MCP
server, a ``--no-watch`` daemon) had none and got another ranking for the same query.
The indexer now saves each workspace's corpus here (the latest generation only, one row
per workspace) and a process without it fetches it into its own cache folder once.
"""

from __future__ import annotations

import time
from pathlib import Path

from ...atomic import replacing
from .migrations import migration, run_script


@migration("0400_evidence")
def _evidence(cur):
    run_script(cur, """
    CREATE TABLE evidence_corpora (
        workspace_id INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
        generation INTEGER NOT NULL,
        data BYTEA NOT NULL,
        saved_at DOUBLE PRECISION NOT NULL
    );
    -- the engine's file is already dense: stored out of line without trying to compress it
    ALTER TABLE evidence_corpora ALTER COLUMN data SET STORAGE EXTERNAL
    """)


class PgEvidenceCorpora:
    """``store.evidence_corpora`` of a :class:`~.store.PgStore`."""

    def __init__(self, store):
        self.store = store

    def has(self, workspace_id: int, generation: int) -> bool:
        return self.store._one("SELECT 1 FROM evidence_corpora WHERE workspace_id = %s AND generation = %s",
                               (workspace_id, generation)) is not None

    def save(self, workspace_id: int, generation: int, path: Path) -> None:
        """The corpus file at ``path`` as the workspace's, unless a later generation's is
        already there (one indexer per workspace: only an old run could be behind)."""
        data = path.read_bytes()
        with self.store.transaction() as cur:
            cur.execute("INSERT INTO evidence_corpora (workspace_id, generation, data, saved_at)"
                        " VALUES (%s, %s, %s, %s) ON CONFLICT (workspace_id) DO UPDATE"
                        " SET generation = excluded.generation, data = excluded.data, saved_at = excluded.saved_at"
                        " WHERE evidence_corpora.generation <= excluded.generation",
                        (workspace_id, generation, data, time.time()))

    def fetch(self, workspace_id: int, generation: int, target: Path) -> bool:
        """Write the workspace's corpus of ``generation`` to ``target`` (atomically: a
        reader never loads half a file); False when the server has none for it."""
        row = self.store._one("SELECT data FROM evidence_corpora WHERE workspace_id = %s AND generation = %s",
                              (workspace_id, generation))
        if row is None:
            return False
        try:
            with replacing(target) as tmp:
                tmp.write_bytes(bytes(row[0]))
        except OSError:
            return False  # a full or unwritable cache folder: searches go without it
        return True


__all__ = ["PgEvidenceCorpora"]
