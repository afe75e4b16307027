"""Reads and writes of held files (:mod:`lode.workspace.held` decides what is held; the
columns are :mod:`.schema_held`'s). Reached as ``store.held``."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable  # not typing's: typing is ~3 ms to import

# Named tuples, not frozen dataclasses: every index run reads held files, and a
# dataclass's methods are compiled anew in each process that defines it (~1% of a
# no-op re-index for these two).
HeldRow = namedtuple("HeldRow", "path hold chunker note retry_at")
HeldRow.__doc__ = "A held file: its path, hold, the chunker that made it, why (note) and its next try."
Kept = namedtuple("Kept", "path mtime_ns size ctime_ns hold note")
Kept.__doc__ = "A file whose failed conversion keeps its earlier chunks: its new stat and why."


class HeldFiles:
    def __init__(self, store):
        self.store = store

    def holds(self, workspace_id: int) -> dict[str, str]:
        """path → hold of every held file of a workspace."""
        return dict(self.store.db.execute(
            "SELECT path, hold FROM files WHERE workspace_id = ? AND hold IS NOT NULL",
            (workspace_id,)).fetchall())

    def set_holds(self, workspace_id: int, holds: Iterable[tuple[str, str]]) -> None:
        """Record (path, hold) pairs in one transaction."""
        with self.store.transaction() as db:
            db.executemany("UPDATE files SET hold = ? WHERE workspace_id = ? AND path = ?",
                           [(hold, workspace_id, path) for path, hold in holds])

    def settled(self, workspace_id: int) -> list[tuple[str, str | None]]:
        """(path, chunker) of held files with no retry pending."""
        return self.store.db.execute(
            "SELECT path, chunker FROM files WHERE workspace_id = ? AND hold IS NOT NULL"
            " AND retry_at IS NULL", (workspace_id,)).fetchall()

    def lift(self, workspace_id: int, paths: Iterable[str]) -> None:
        with self.store.transaction() as db:
            db.executemany("UPDATE files SET hold = NULL WHERE workspace_id = ? AND path = ?",
                           [(workspace_id, p) for p in paths])

    def retry_due(self, workspace_id: int, now: float) -> set[str]:
        return {p for (p,) in self.store.db.execute(
            "SELECT path FROM files WHERE workspace_id = ? AND hold IS NOT NULL AND retry_at IS NOT NULL"
            " AND retry_at <= ?", (workspace_id, now))}

    def keep(self, workspace_id: int, kept: Iterable[Kept], released: list[str], now: float,
             first: float, most: float) -> None:
        """In one transaction: ``kept`` files keep their chunks, held with a retry after a
        backoff (``first`` seconds, doubling per attempt, at most ``most``); the holds of
        ``released`` files (bytes back to what was indexed) are lifted."""
        with self.store.transaction() as db:
            for k in kept:
                db.execute(
                    "UPDATE files SET mtime_ns = ?, size = ?, ctime_ns = ?, hold = ?, note = ?,"
                    " retry_at = ? + min(?, ? * (1 << min(attempts, 20))), attempts = attempts + 1"
                    " WHERE workspace_id = ? AND path = ?",
                    (k.mtime_ns, k.size, k.ctime_ns, k.hold, k.note, now, most, first,
                     workspace_id, k.path))
            if released:
                db.executemany("UPDATE files SET hold = NULL, note = NULL, retry_at = NULL, attempts = 0"
                               " WHERE workspace_id = ? AND path = ? AND hold IS NOT NULL",
                               [(workspace_id, p) for p in released])

    def held(self, workspace_id: int) -> list[HeldRow]:
        """Every held file of a workspace, by path."""
        return [HeldRow(*r) for r in self.store.db.execute(
            "SELECT path, hold, chunker, note, retry_at FROM files"
            " WHERE workspace_id = ? AND hold IS NOT NULL ORDER BY path", (workspace_id,))]
