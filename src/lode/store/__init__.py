"""The store: SQLite (WAL) holding workspaces, files, chunks and the FTS5 index, or a
shared PostgreSQL server (:mod:`lode.store.postgres`) behind the same methods.

:func:`open_store` is how every caller opens one: a ``postgresql://`` location gives a
:class:`~lode.store.postgres.PgStore`, anything else the SQLite
:class:`~lode.store.sqlite.Store`. Each schema grows by named migrations
(:mod:`lode.store.migrations`, core tables in :mod:`lode.store.schema`).
"""

from __future__ import annotations

import os

from ..config import is_postgres_url, resolve_db_text
from .location import default_db_path, resolve_db_path
from .sqlite import Store


def open_store(location: str | os.PathLike | None = None):
    """The store at ``location`` (``--db``), else ``$LODE_DB``, else the default file:
    a :class:`Store` for a path, a ``PgStore`` for a ``postgresql://`` URL (any other
    URL raises :class:`~lode.errors.StoreError`)."""
    resolved = resolve_db_text(location)  # str(resolve_db_path(...)), without pathlib
    if is_postgres_url(resolved):
        from .postgres import PgStore

        return PgStore(os.fspath(resolved))
    return Store(resolved)


__all__ = ["Store", "default_db_path", "open_store", "resolve_db_path"]
