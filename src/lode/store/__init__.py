"""The store: SQLite (WAL) holding workspaces, files, chunks and the FTS5 index.

:class:`~lode.store.sqlite.Store` is the only type callers use; its schema grows by
named migrations (:mod:`lode.store.migrations`, core tables in :mod:`lode.store.schema`).
"""

from .location import default_db_path, resolve_db_path
from .sqlite import Store

__all__ = ["Store", "default_db_path", "resolve_db_path"]
