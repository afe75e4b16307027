"""The PostgreSQL store: a shared server (pgvector for vectors) behind the same methods
as the SQLite store, for a team's many indexers and clients.

- :mod:`.store`: :class:`PgStore`, its workspaces, files, batches and status;
- :mod:`.connection`: one connection pool per server per process;
- :mod:`.migrations`, :mod:`.schema`: named migrations and the core and symbol tables;
- :mod:`.hooks`: per-batch writers (symbols, the lexical index);
- :mod:`.held`: held files; :mod:`.server`: a local server for ``lode pg start``.

psycopg is imported only when a PostgreSQL store opens: a SQLite user never loads it.
"""

from .store import PgStore

__all__ = ["PgStore"]
