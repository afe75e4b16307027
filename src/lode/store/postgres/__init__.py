"""The PostgreSQL store: a shared server (pgvector for vectors) behind the same methods
as the SQLite store, for a team's many indexers and clients (docs/postgres.md).

- :mod:`.store`: :class:`PgStore`, its workspaces, files, batches, status and the
  one-indexer-per-workspace lock;
- :mod:`.connection`: one connection pool per server per process;
- :mod:`.migrations`, :mod:`.schema`: named migrations; the core, held and symbol tables;
- :mod:`.hooks`: per-batch writers (symbols, the lexical index's postings);
- the subsystems ``store.X`` hands out, as the SQLite store's: :mod:`.chunks`,
  :mod:`.symbols`, :mod:`.held`, :mod:`.fts` (with :mod:`.fts_tokens`,
  :mod:`.fts_query`), :mod:`.vectors`, :mod:`.stamps` (the reply cache's stamps);
- :mod:`.stopping`: a request's deadline cancels its statements on the server;
- :mod:`.server`: a local server for ``lode pg start``.

psycopg is imported only when a PostgreSQL store opens: a SQLite user never loads it.
"""

from .store import PgStore

__all__ = ["PgStore"]
