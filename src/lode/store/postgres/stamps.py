"""The versions answers about a PostgreSQL store depend on, for the daemon's reply
cache (:class:`lode.store.stamps.ChangeStamps`'s methods).

A server has no ``data_version``: ``version()`` is one small query instead — every
workspace's ``changes`` counter (bumped by each committed batch and configuration
change), their count and largest id, and the vector settings (the epoch among them)
— and ``read()`` hands back what that query read. Another machine's indexer commits
are seen at the next request, as with another process on a SQLite file.
"""

from __future__ import annotations

from ...errors import StoreError

_STAMP = ("SELECT coalesce((SELECT json_agg(json_build_array(id, name, root, changes) ORDER BY id)::text"
          " FROM workspaces), '[]'),"
          " coalesce((SELECT string_agg(key || '=' || value, ';' ORDER BY key) FROM vector_state), '')")


class PgChangeStamps:
    """On a connection of its own, as the SQLite store's are: the daemon reads stamps on
    its event loop's thread, which must never wait for the pool its request threads
    keep busy."""

    def __init__(self, store):
        self.url = store.url
        self._conn = None
        self._last: tuple[str, str] | None = None

    def version(self) -> tuple[str, str] | None:
        """Changes when any workspace's data or the vectors changed; None when the store
        cannot be read."""
        import psycopg

        from .connection import connect

        for attempt in (1, 2):
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = connect(self.url)
                row = self._conn.execute(_STAMP).fetchone()
                self._last = (row[0], row[1])
                return self._last
            except (psycopg.Error, StoreError):
                self.close()  # the server went away: reconnect once, else cache nothing
        return None

    def read(self) -> tuple[list[tuple[int, str, str, int]], str] | None:
        """((id, name, root, changes) of every workspace, the vector settings as one
        string) as the last ``version()`` read them."""
        if self._last is None:
            return None
        import json

        return [tuple(r) for r in json.loads(self._last[0])], self._last[1]

    def close(self) -> None:
        self._last = None
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
