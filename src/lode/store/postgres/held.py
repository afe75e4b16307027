"""Held files on a PostgreSQL store: :class:`lode.store.held.HeldFiles`'s methods over
the same ``files`` columns. Reached as ``store.held``."""

from __future__ import annotations

from typing import Iterable

from ..held import HeldRow, Kept
from .schema import text


class PgHeldFiles:
    def __init__(self, store):
        self.store = store

    def holds(self, workspace_id: int) -> dict[str, str]:
        """path → hold of every held file of a workspace."""
        return dict(self.store._all("SELECT path, hold FROM files WHERE workspace_id = %s AND hold IS NOT NULL",
                                    (workspace_id,)))

    def set_holds(self, workspace_id: int, holds: Iterable[tuple[str, str]]) -> None:
        """Record (path, hold) pairs in one transaction."""
        with self.store.transaction() as cur:
            cur.executemany("UPDATE files SET hold = %s WHERE workspace_id = %s AND path = %s",
                            [(hold, workspace_id, text(path)) for path, hold in holds])

    def settled(self, workspace_id: int) -> list[tuple[str, str | None]]:
        """(path, chunker) of held files with no retry pending."""
        return self.store._all("SELECT path, chunker FROM files WHERE workspace_id = %s AND hold IS NOT NULL"
                               " AND retry_at IS NULL", (workspace_id,))

    def lift(self, workspace_id: int, paths: Iterable[str]) -> None:
        with self.store.transaction() as cur:
            cur.execute("UPDATE files SET hold = NULL WHERE workspace_id = %s AND path = ANY(%s)",
                        (workspace_id, [text(p) for p in paths]))

    def retry_due(self, workspace_id: int, now: float) -> set[str]:
        return {p for (p,) in self.store._all(
            "SELECT path FROM files WHERE workspace_id = %s AND hold IS NOT NULL AND retry_at IS NOT NULL"
            " AND retry_at <= %s", (workspace_id, now))}

    def keep(self, workspace_id: int, kept: Iterable[Kept], released: list[str], now: float,
             first: float, most: float) -> None:
        """In one transaction: ``kept`` files keep their chunks, held with a retry after a
        backoff (``first`` seconds, doubling per attempt, at most ``most``); the holds of
        ``released`` files are lifted."""
        with self.store.transaction() as cur:
            for k in kept:
                cur.execute(
                    "UPDATE files SET mtime_ns = %s, size = %s, ctime_ns = %s, hold = %s, note = %s,"
                    " retry_at = %s + least(%s, %s * (1 << least(attempts, 20))), attempts = attempts + 1"
                    " WHERE workspace_id = %s AND path = %s",
                    (k.mtime_ns, k.size, k.ctime_ns, k.hold, text(k.note), now, most, first,
                     workspace_id, text(k.path)))
            if released:
                cur.execute("UPDATE files SET hold = NULL, note = NULL, retry_at = NULL, attempts = 0"
                            " WHERE workspace_id = %s AND path = ANY(%s) AND hold IS NOT NULL",
                            (workspace_id, [text(p) for p in released]))

    def held(self, workspace_id: int) -> list[HeldRow]:
        """Every held file of a workspace, by path."""
        return [HeldRow(*r) for r in self.store._all(
            "SELECT path, hold, chunker, note, retry_at FROM files"
            " WHERE workspace_id = %s AND hold IS NOT NULL ORDER BY path", (workspace_id,))]
