"""The versions answers about a store depend on, read on a connection of its own (the
daemon's reply cache reads them on its event loop's thread while requests run on others).

``version()`` is cheap and changes whenever another connection committed; ``read()`` is
then asked for each workspace's ``changes`` counter (bumped by every committed batch and
configuration change of that workspace) and the vector settings (the epoch among them).
"""

from __future__ import annotations

import sqlite3


class ChangeStamps:
    def __init__(self, path: str):
        self.path = path
        self._db: sqlite3.Connection | None = None

    def version(self) -> int | None:
        """Changes when another connection commits; None when the store cannot be read."""
        try:
            if self._db is None:
                self._db = sqlite3.connect(self.path, check_same_thread=False)
            return self._db.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return None

    def read(self) -> tuple[list[tuple[int, str, str, int]], str] | None:
        """((id, name, root, changes) of every workspace, the vector settings as one
        string), or None when the store cannot be read."""
        if self._db is None:
            return None
        try:
            rows = self._db.execute("SELECT id, name, root, changes FROM workspaces").fetchall()
            try:
                vectors = self._db.execute(
                    "SELECT group_concat(key || '=' || value, ';') FROM "
                    "(SELECT key, value FROM vector_state ORDER BY key)").fetchone()[0] or ""
            except sqlite3.OperationalError:
                vectors = ""
        except sqlite3.Error:
            return None
        return rows, vectors

    def close(self) -> None:
        if self._db is not None:
            self._db.close()


def plain_file_stamps(db: sqlite3.Connection, workspace_id: int) -> tuple[dict[str, tuple], int]:
    """(path → (path, mtime_ns, size, chunker) of a workspace's files stored plainly —
    under the name the walk gives them (UTF-8) and not refused — and how many files it
    holds in all), for an index run to skip unchanged files without the whole of each
    file's state (:meth:`~lode.store.sqlite.Store.file_states`). Python's sqlite3 hands
    the thread lock back and forth around every column it reads: Go's tree's 7,078 rows
    of 9 columns were ~13% of a no-op re-index's instructions. Like ``file_states``, it
    first builds the indexes a killed first index left unbuilt."""
    from . import deferred

    deferred.build(db)
    rows = db.execute("SELECT path, mtime_ns, size, chunker FROM files WHERE workspace_id = ?"
                      " AND raw_path IS NULL AND refused IS NULL", (workspace_id,)).fetchall()
    stored = db.execute("SELECT count(*) FROM files WHERE workspace_id = ?", (workspace_id,)).fetchone()[0]
    return {r[0]: r for r in rows}, stored


def file_hashes(db: sqlite3.Connection, workspace_id: int, paths: list[str], per_query: int = 500) -> dict:
    """path → stored content hash of the given paths of a workspace (stored under their
    walked names: what :func:`plain_file_stamps` lists), for the files a run reads again."""
    out: dict = {}
    for i in range(0, len(paths), per_query):
        part = paths[i:i + per_query]
        out.update(db.execute(f"SELECT path, hash FROM files WHERE workspace_id = ? AND path IN "
                              f"({', '.join('?' * len(part))})", (workspace_id, *part)).fetchall())
    return out

