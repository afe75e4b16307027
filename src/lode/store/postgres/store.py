"""The PostgreSQL store: :class:`PgStore`, the same public methods as the SQLite
:class:`~lode.store.sqlite.Store` over a shared server.

Many processes use one server at once: indexers of different workspaces write side by
side (chunk ids come from a sequence, each batch is one transaction touching only its
workspace's rows), searches read committed data while they write, and a second indexer
of the same workspace is refused (:meth:`PgStore.index_lock`). A killed indexer's open
transaction is rolled back by the server, so the store holds whole batches only, as
with SQLite.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from contextlib import contextmanager
from functools import cached_property
from typing import Iterable, Iterator

from ...errors import IndexerBusy, NotFound, StoreError
from ..chunk_row import BODY, BREADCRUMB, IDENTS, LABELS, STORED
from ..paths import from_store, scrub, to_store
from ..records import FileRecord
from ..sqlite import FileState, WorkspaceRow
from . import connection, hooks
from .hooks import Written
from .migrations import LOCK_CLASS, migrate
from .schema import copy_rows, text


_CHUNK_IDS_LOCK = -1  # second key of the lock taken to draw a block of chunk ids


def _params(params):
    """Query parameters as the server takes them: text holds no NUL (stored text has
    U+FFFD in its place, :func:`.schema.text`), so a query typed with one matches that."""
    if isinstance(params, dict):
        return {k: _params(v) for k, v in params.items()}
    if isinstance(params, (list, tuple)):
        return type(params)(_params(v) for v in params)
    return text(params)


def _text(value: str | None) -> str | None:
    """A reason or note that may quote a file name, as valid text."""
    return None if value is None else text(to_store(value)[0])


class PgStore:
    """An open PostgreSQL store. Safe to share between threads (each call borrows a
    pooled connection), though callers open one per thread as with SQLite."""

    backend = "postgresql"

    def __init__(self, url: str):
        self.url = url
        self.path = url  # what callers print and key caches by (the SQLite store's file)
        self._closed = False
        self.pool = connection.acquire(url)
        try:
            with self.pool.connection() as conn:
                try:
                    self.migrated = migrate(conn)
                except StoreError as exc:  # a store from a newer lode
                    raise StoreError(f"cannot open the PostgreSQL store {connection.redacted(url)}: "
                                     f"{exc.message}") from None
        except Exception as exc:
            self.close()
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"cannot open the PostgreSQL store {connection.redacted(url)}: {exc}") from exc

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            connection.release(self.url)

    def __enter__(self) -> "PgStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def stop_when(self, check) -> None:
        """Statements this store runs stop soon after ``check()`` turns true (a server's
        request ran past its deadline, or its client left): the server is asked to cancel
        them (:mod:`.stopping`), and :meth:`stopped` recognises the error they raise."""
        from .stopping import StoppablePool

        # unwrap an earlier view only (the pool's own ``_pool`` is its deque of connections)
        self.pool = StoppablePool(self.pool._pool if isinstance(self.pool, StoppablePool) else self.pool, check)

    @staticmethod
    def stopped(exc: BaseException) -> bool:
        """Whether ``exc`` is a statement cancelled for the check :meth:`stop_when` gave."""
        import psycopg

        return isinstance(exc, psycopg.errors.QueryCanceled)

    @contextmanager
    def _reachable(self) -> Iterator[None]:
        """A lost server (restarted, network gone, pool exhausted for too long) is a
        :class:`StoreError` naming the store, not a driver exception."""
        import psycopg
        import psycopg_pool

        try:
            yield
        except psycopg.errors.QueryCanceled:
            raise  # stopped on purpose (stop_when), not lost
        except psycopg.errors.ReadOnlySqlTransaction as exc:
            raise StoreError(f"the PostgreSQL store {connection.redacted(self.url)} is read-only (a replica?): "
                             "index into the primary server", data={"db": connection.redacted(self.url)}) from exc
        except (psycopg.OperationalError, psycopg_pool.PoolTimeout) as exc:
            raise StoreError(f"the PostgreSQL store {connection.redacted(self.url)} cannot be reached: "
                             f"{str(exc).strip() or type(exc).__name__}", data={"db": connection.redacted(self.url)}
                             ) from exc

    @contextmanager
    def connection(self) -> Iterator:
        """A pooled connection (autocommit: each statement sees what is committed)."""
        with self._reachable(), self.pool.connection() as conn:
            yield conn

    @contextmanager
    def transaction(self) -> Iterator:
        """A cursor inside one transaction, committed when the block ends."""
        with self._reachable(), self.pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            yield cur

    @contextmanager
    def snapshot(self) -> Iterator:
        """A cursor reading one consistent snapshot (a read-only, repeatable-read
        transaction): a search's several queries see the same committed batches."""
        with self._reachable(), self.pool.connection() as conn:
            conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                with conn.cursor() as cur:
                    yield cur
            finally:
                conn.execute("ROLLBACK")

    def _all(self, sql: str, params=()) -> list[tuple]:
        return self._read(sql, params, all_rows=True)

    def _one(self, sql: str, params=()):
        return self._read(sql, params, all_rows=False)

    def _read(self, sql: str, params, all_rows: bool):
        """One read statement. A read is safe to repeat: when the server dropped the
        pooled connection (it restarted), the pool's idle connections are checked and
        the statement runs once more on a good one. (Checking every connection as it
        is handed out would cost a round trip per statement: +25% on a search.)"""
        import psycopg

        with self._reachable():
            for attempt in (1, 2):
                try:
                    with self.pool.connection() as conn:
                        cur = conn.execute(sql, _params(params))
                        return cur.fetchall() if all_rows else cur.fetchone()
                except psycopg.OperationalError as exc:
                    if attempt == 2 or isinstance(exc, psycopg.errors.QueryCanceled):
                        raise
                    self.pool.check()

    # -- one indexer per workspace ------------------------------------------------------

    @contextmanager
    def index_lock(self, workspace: WorkspaceRow, waiting=None) -> Iterator[None]:
        """Hold the workspace's advisory lock while indexing it; another process holding
        it raises :class:`~lode.errors.IndexerBusy` (``waiting`` is not called: a run on
        another machine may take long). The lock lives on a connection of
        its own, so the server frees it when this process ends, however it ends."""
        conn = connection.connect(self.url)
        try:
            got = conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (LOCK_CLASS, workspace.id)).fetchone()[0]
            if not got:
                holder = conn.execute(
                    "SELECT a.pid, a.client_addr, a.application_name, a.backend_start FROM pg_locks l "
                    "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' "
                    "AND l.classid = %s AND l.objid = %s AND l.objsubid = 2 AND l.granted",
                    (LOCK_CLASS & 0xFFFFFFFF, workspace.id)).fetchone()
                since = f" (server connection {holder[0]}, since {holder[3]:%Y-%m-%d %H:%M:%S %Z})" if holder else ""
                raise IndexerBusy(
                    f"workspace {workspace.name!r} is being indexed by another lode process{since}; "
                    "one indexer per workspace at a time: wait for it to finish, then run again",
                    data={"workspace": workspace.name})
            try:
                yield
            finally:
                try:
                    conn.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCK_CLASS, workspace.id))
                except Exception:  # the connection is gone: so is the lock
                    pass
        finally:
            conn.close()

    @contextmanager
    def bulk_writes(self) -> Iterator[None]:
        """The SQLite store widens its cache for a large run; the server needs nothing."""
        yield

    # -- workspaces ---------------------------------------------------------------

    _WS = "SELECT id, name, root, config, generation, indexed_at, index_seconds FROM workspaces"

    @staticmethod
    def _workspace(row) -> WorkspaceRow:
        return WorkspaceRow(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6])

    def workspaces(self) -> list[WorkspaceRow]:
        return [self._workspace(r) for r in self._all(self._WS + " ORDER BY name")]

    def workspace(self, key: str | int) -> WorkspaceRow:
        """A workspace by id, name or root path; raises NotFound."""
        if isinstance(key, int):
            row = self._one(self._WS + " WHERE id = %s", (key,))
        else:
            row = self._one(self._WS + " WHERE name = %s", (text(key),))
            if row is None:
                root = os.path.realpath(os.path.expanduser(key))
                row = self._one(self._WS + " WHERE root = %s", (text(root),))
        if row is None:
            raise NotFound(f"no workspace {key!r} in {connection.redacted(self.url)}", data={"workspace": key})
        return self._workspace(row)

    def add_workspace(self, name: str, root: str, config: dict) -> WorkspaceRow:
        import psycopg

        try:
            with self.transaction() as cur:
                wid = cur.execute("INSERT INTO workspaces (name, root, config, created_at) VALUES (%s, %s, %s, %s)"
                                  " RETURNING id", (name, root, json.dumps(config), time.time())).fetchone()[0]
        except psycopg.errors.UniqueViolation as exc:
            # Two processes added the same root at once: the other one won.
            try:
                return self.workspace(root)
            except NotFound:
                raise StoreError(f"workspace {name!r} exists with another root") from exc
        return self.workspace(wid)

    def set_workspace_config(self, workspace_id: int, config: dict) -> None:
        with self.transaction() as cur:
            cur.execute("UPDATE workspaces SET config = %s, changes = changes + 1 WHERE id = %s",
                        (json.dumps(config), workspace_id))

    def move_workspace(self, workspace_id: int, root: str) -> None:
        """Give a workspace a new root; its files' paths are relative to it, so they stay."""
        with self.transaction() as cur:
            cur.execute("UPDATE workspaces SET root = %s, changes = changes + 1 WHERE id = %s", (root, workspace_id))

    def remove_workspace(self, workspace_id: int) -> None:
        with self.transaction() as cur:
            cur.execute("DELETE FROM workspaces WHERE id = %s", (workspace_id,))  # the rest cascades
            # The embedding stage's mark for this id (lode.embed.indexing): not inherited.
            cur.execute("DELETE FROM vector_state WHERE key = %s", (f"embedded:{workspace_id}",))

    def begin_generation(self, workspace_id: int) -> int:
        with self.transaction() as cur:
            return cur.execute("UPDATE workspaces SET generation = generation + 1 WHERE id = %s RETURNING generation",
                               (workspace_id,)).fetchone()[0]

    def finish_index(self, workspace_id: int, seconds: float) -> None:
        with self.transaction() as cur:
            cur.execute("UPDATE workspaces SET indexed_at = %s, index_seconds = %s WHERE id = %s",
                        (time.time(), seconds, workspace_id))

    # -- files --------------------------------------------------------------------

    def file_states(self, workspace_id: int) -> dict[str, FileState]:
        """Every known file of a workspace (metadata only), keyed by the path as the
        walk spells it (see :mod:`lode.store.paths`)."""
        return {from_store(r[0], r[1]): FileState(*r[2:]) for r in self._all(
            "SELECT path, raw_path, id, mtime_ns, size, hash, chunker, refused, ctime_ns FROM files"
            " WHERE workspace_id = %s", (workspace_id,))}

    def write_batch(self, workspace_id: int, generation: int, records: Iterable[FileRecord],
                    deleted: Iterable[str] = ()) -> None:
        """Store a batch of file states (and remove ``deleted`` paths) in one transaction:
        files and chunks each with one COPY, then the batch writers (symbols, …)."""
        with self.transaction() as cur:
            # Readers holding answers about this workspace see they are stale; the row
            # lock also orders two batches of one workspace (one indexer holds it anyway).
            cur.execute("UPDATE workspaces SET changes = changes + 1 WHERE id = %s", (workspace_id,))
            touched, fresh = [], []
            for rec in records:
                path, raw = to_store(rec.path)
                if raw is not None:  # the name is not UTF-8: so are texts quoting it
                    rec = dataclasses.replace(rec, path=path, chunks=scrub(rec.chunks), symbols=scrub(rec.symbols))
                (touched if rec.touched else fresh).append((path, raw, rec))
            # A path given twice keeps its last record, as one row per path replaced in
            # turn would (the SQLite store's way); COPY would refuse the duplicate.
            fresh = list({path: (path, raw, rec) for path, raw, rec in fresh}.values())
            gone = [to_store(p)[0] for p in deleted] + [path for path, _, _ in fresh]
            if gone:
                cur.execute("DELETE FROM files WHERE workspace_id = %s AND path = ANY(%s)",
                            (workspace_id, [text(p) for p in gone]))  # chunks and the rest cascade
            for path, _, rec in touched:
                cur.execute("UPDATE files SET mtime_ns = %s, size = %s, ctime_ns = %s WHERE workspace_id = %s"
                            " AND path = %s", (rec.mtime_ns, rec.size, rec.ctime_ns, workspace_id, text(path)))
            if not fresh:
                return
            file_ids = [r[0] for r in cur.execute("SELECT nextval('files_id_seq') FROM generate_series(1, %s)",
                                                  (len(fresh),))]
            chunk_ids = self._chunk_ids(sum(len(rec.chunks) for _, _, rec in fresh))
            copy_rows(cur, "files", "id, workspace_id, path, raw_path, mtime_ns, size, hash, chunker, language, tag,"
                      " lines, refused, note, generation, ctime_ns",
                      [(fid, workspace_id, path, raw, rec.mtime_ns, rec.size, rec.hash, rec.chunker, rec.language,
                        rec.tag, rec.lines, _text(rec.refused), _text(rec.note), generation, rec.ctime_ns)
                       for fid, (path, raw, rec) in zip(file_ids, fresh)])
            written, rows, at = [], [], 0
            for fid, (_, _, rec) in zip(file_ids, fresh):
                ids = chunk_ids[at:at + len(rec.chunks)]
                at += len(rec.chunks)
                written.append(Written(fid, rec, ids))
                rows += [(i, fid, workspace_id, *c[:STORED], c[BODY], c[LABELS] or c[BREADCRUMB], c[IDENTS])
                         for i, c in zip(ids, rec.chunks)]
            if rows:
                copy_rows(cur, "chunks", "id, file_id, workspace_id, ord, byte_start, byte_end, line_start, line_end,"
                          " kind, name, name_key, breadcrumb, embed, embed_hash, body, labels, idents", rows)
            for writer in hooks.BATCH_WRITERS:
                writer(cur, workspace_id, written)

    def _chunk_ids(self, n: int) -> range:
        """``n`` consecutive chunk ids: a file's chunks get consecutive ids in order, as in
        SQLite (a split definition's parts are found as id - 1). Writers of other
        workspaces draw from the same sequence at once, so the block is taken under a
        short advisory lock, on a connection of its own in autocommit mode: the lock is
        held for two statements, not for the batch's transaction, and is released even
        if one of them fails. (A rolled-back batch leaves a gap in the ids, harmlessly.)"""
        if n == 0:
            return range(0)
        with self.pool.connection() as conn:
            conn.execute("SELECT pg_advisory_lock(%s, %s)", (LOCK_CLASS, _CHUNK_IDS_LOCK))
            try:
                first = conn.execute("SELECT nextval('chunks_id_seq')").fetchone()[0]
                if n > 1:
                    conn.execute("SELECT setval('chunks_id_seq', %s)", (first + n - 1,))
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCK_CLASS, _CHUNK_IDS_LOCK))
        return range(first, first + n)

    # -- subsystems: each one's queries in its own module ----------------------------

    @cached_property
    def held(self):
        from .held import PgHeldFiles

        return PgHeldFiles(self)

    @cached_property
    def chunks(self):
        from .chunks import PgChunkReads

        return PgChunkReads(self)

    @property
    def symbols(self):
        """A new view per read: it remembers its statements' rows for as long as the
        caller keeps it (one lookup), see :class:`.symbols.PgSymbolTables`."""
        from .symbols import PgSymbolTables

        return PgSymbolTables(self)

    @cached_property
    def fts(self):
        from .fts import PgLexicalIndex

        return PgLexicalIndex(self)

    @cached_property
    def vectors(self):
        from .vectors import PgVectorTables

        return PgVectorTables(self)

    @cached_property
    def evidence_corpora(self):
        """The code-embedding evidence corpora, kept on the server for every user of it."""
        from .evidence import PgEvidenceCorpora

        return PgEvidenceCorpora(self)

    def version(self) -> tuple:
        """Changes whenever a workspace's files, configuration or index run changed (each
        committed batch bumps its workspace's ``changes``; adding or removing one moves
        the count or the largest id): for caches of answers derived from the store."""
        return tuple(self._one("SELECT count(*), coalesce(sum(changes), 0), coalesce(max(id), 0),"
                               " coalesce(sum(generation), 0) FROM workspaces"))

    def change_stamps(self):
        """A reader of what answers about this store depend on (the daemon's reply cache)."""
        from .stamps import PgChangeStamps

        return PgChangeStamps(self)

    @cached_property
    def created_at(self) -> float:
        """When this store was made (its first migration): files named after it that are
        older belonged to an earlier database at the same URL."""
        return float(self._one("SELECT coalesce(min(applied_at), 0) FROM migrations")[0])

    def location(self) -> str:
        """The store's URL, without its password (one store, however it was spelled)."""
        return connection.redacted(self.url)

    # -- status -------------------------------------------------------------------

    def workspace_status(self, workspace_id: int) -> dict:
        with self.snapshot() as cur:
            files, lines = cur.execute("SELECT count(*), coalesce(sum(lines), 0) FROM files "
                                       "WHERE workspace_id = %s AND refused IS NULL", (workspace_id,)).fetchone()
            chunks = cur.execute("SELECT count(*) FROM chunks WHERE workspace_id = %s", (workspace_id,)).fetchone()[0]
            by_lang = dict(cur.execute(
                "SELECT coalesce(f.language, '?'), count(*) FROM chunks c JOIN files f ON f.id = c.file_id "
                "WHERE c.workspace_id = %s GROUP BY 1", (workspace_id,)).fetchall())
            langs = {}
            for lang, n, nl in cur.execute(
                    "SELECT coalesce(language, '?'), count(*), sum(lines) FROM files WHERE workspace_id = %s"
                    " AND refused IS NULL GROUP BY 1 ORDER BY 2 DESC, 1", (workspace_id,)).fetchall():
                langs[lang] = {"files": n, "lines": int(nl or 0), "chunks": by_lang.get(lang, 0)}
            refusals = [{"path": p, "reason": r} for p, r in cur.execute(
                "SELECT path, refused FROM files WHERE workspace_id = %s AND refused IS NOT NULL ORDER BY path",
                (workspace_id,)).fetchall()]
            notes = [{"path": p, "note": n} for p, n in cur.execute(
                "SELECT path, note FROM files WHERE workspace_id = %s AND note IS NOT NULL ORDER BY path",
                (workspace_id,)).fetchall()]
            chunkers = [r[0] for r in cur.execute(
                "SELECT DISTINCT chunker FROM files WHERE workspace_id = %s AND chunker IS NOT NULL ORDER BY 1",
                (workspace_id,)).fetchall()]
        return {"files": files, "lines": int(lines), "chunks": chunks, "languages": langs,
                "refused": refusals, "notes": notes, "chunkers": chunkers}

    def chunk_kinds(self) -> set[str]:
        """Every chunk kind the store holds (``function``, ``section``, …)."""
        return {k for (k,) in self._all("SELECT DISTINCT kind FROM chunks")}

    def size_bytes(self) -> int:
        """The database's size on the server (every workspace's data and indexes)."""
        return int(self._one("SELECT pg_database_size(current_database())")[0])


__all__ = ["PgStore"]
