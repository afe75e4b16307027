"""The SQLite store: one connection, WAL, migrations on open, one transaction per batch."""

from __future__ import annotations

import os
import sqlite3
import time
from collections import namedtuple
from collections.abc import Callable, Iterable, Iterator  # not typing's: typing is ~3 ms to import
from functools import cached_property  # functools: loaded by sqlite3 anyway
from itertools import chain

from .. import jsontext  # json's text without its package (re and enum behind it)
from ..config import path_text
from ..errors import NotFound, StoreError  # noqa: F401 (StoreError: old import path)
from . import deferred, fts_rows, hooks
from .chunk_row import BODY, BODY_Z, BREADCRUMB, CHUNK_FIELDS, NAME, STORED
from .fts_rows import pack
from .inserts import insert_file_rows, insert_rows
from .migrations import migrate
from .paths import from_store, scrub, to_store
from .replace import ID_SLACK, replace_chunks
from .stamps import ChangeStamps
from .symbols import SymbolTables

# Path is for annotations here (pathlib loads when Store.path is made); so are the
# subsystems' classes, each module loaded when its subsystem is first used: a
# command-line look-up needs the symbol tables only, and the others' dataclasses cost it
# ~3 ms to define.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from .chunks import ChunkReads
    from .fts import LexicalIndex
    from .held import HeldFiles
    from .records import FileRecord
    from .vectors import VectorTables


# A new store's page size. Chunk rows (body, breadcrumb labels, identifier parts: ~700
# bytes, many over 4 kB) pack into 16 kB pages with less left over than into SQLite's
# default 4 kB: Go's tree, no vectors, 269 -> 253 MB, lexical search unchanged
# (3.8 ms CPU p50 both). An existing store keeps the size it was made with.
PAGE_BYTES = 16384
# A large run writes with a bigger page cache and checkpoints the WAL less often
# (Store.bulk_writes): the symbol and lexical indexes take inserts all over their
# B-trees, which SQLite's default 2 MB cache turns into re-reads. Measured replaying Go's
# standard library (6.5k files, 120k chunks) into a fresh store: 8.9 -> 6.9 CPU s of
# writing.
BULK_CACHE_KIB = 64 * 1024
BULK_CHECKPOINT_PAGES = 4000
# How often a second index run of a workspace looks whether the first one is done.
LOCK_POLL_SECONDS = 0.2
# The file beside a store whose bytes are its workspaces' index locks (Store.index_lock;
# a repair locks it whole: lode.store.check.no_index_runs).
INDEX_LOCK_SUFFIX = "-index.lock"
# Virtual-machine steps between two looks at a stop check (Store.stop_when): about a
# millisecond of work, so a stopped statement ends within milliseconds.
_STOP_CHECK_STEPS = 10_000
# SQLite's primary result codes for a store that cannot be written: SQLITE_PERM,
# SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN.
_CANNOT_WRITE = frozenset({3, 8, 10, 13, 14})


def _text(value: str | None) -> str | None:
    """A reason or note that may quote a file name, as valid UTF-8 text."""
    return None if value is None else to_store(value)[0]


def contextmanager(generator):
    """``contextlib.contextmanager``, imported with the first use of a method made with
    it (a transaction, an index lock): a look-up uses none (contextlib's import was ~2.6 M
    of the ~105 M instructions of a command-line `lode def`)."""
    made = None

    def call(*args, **kwargs):
        nonlocal made
        if made is None:
            from contextlib import contextmanager as make

            made = make(generator)
        return made(*args, **kwargs)

    call.__name__, call.__qualname__, call.__doc__ = generator.__name__, generator.__qualname__, generator.__doc__
    return call


WorkspaceRow = namedtuple("WorkspaceRow", "id name root config generation indexed_at index_seconds")
WorkspaceRow.__doc__ = """A workspace as stored (a named tuple, as FileState below: a frozen dataclass cost
a command-line look-up ~0.5 ms to define). Fields: id, name, root, config (a dict),
generation, indexed_at and index_seconds (None before a first run)."""


FileState = namedtuple("FileState", "id mtime_ns size hash chunker refused ctime_ns", defaults=(0,))
FileState.__doc__ = """A known file's state (a named tuple: made for every file of a workspace on each
run, and a frozen dataclass's __init__ was ~4 ms of a no-op re-index of Go's tree; made
with collections.namedtuple, not typing.NamedTuple: typing is ~3 ms to import). Fields:
id, mtime_ns, size, hash, chunker and refused (each str or None), ctime_ns (0 if not given)."""



# A file's new chunks: their ids, the file's and each row's stored fields (:mod:`.chunk_row`).
_CHUNK_COLUMNS = ("id", "file_id", "ord", "byte_start", "byte_end", "line_start", "line_end", "kind", "name",
                  "name_key", "breadcrumb", "embed", "embed_hash", "body_z")


# The same columns, the file's id and the first chunk's given once (inserts.insert_file_rows).
_CHUNK_FILE_COLUMNS = ("file_id", "id", *_CHUNK_COLUMNS[2:])


def _insert_chunks(db: sqlite3.Connection, file_id: int, ids: range, chunks: list[tuple]) -> None:
    """Insert a file's new chunk rows under ``ids``: each row's stored fields and stored
    text (``body_z``), taken into one flat list by C loops (the body, idents and labels
    cut out of it by slice), no tuple made a row; the worker's rows without a stored text
    are packed here."""
    values = list(chain.from_iterable(chunks))
    width = len(CHUNK_FIELDS)
    if len(values) != width * len(chunks) or None in values[BODY_Z::width]:
        insert_rows(db, "chunks", _CHUNK_COLUMNS, [
            (i, file_id, *c[:STORED], c[BODY_Z] if c[BODY_Z] is not None else pack(c[BODY]))
            for i, c in zip(ids, chunks)])
        return
    for dropped in range(BODY_Z - STORED):  # the fields between the stored ones and body_z
        del values[STORED::width - dropped]
    insert_file_rows(db, "chunks", _CHUNK_FILE_COLUMNS, file_id, values, ids.start)


class Store:
    """An open store. Not shared between threads: open one per thread or process."""

    def __init__(self, path: str | os.PathLike, *, timeout: float = 30.0):
        # The path as str(Path(path)) spells it; the Path itself (self.path) is made when
        # asked for: pathlib is ~3 ms of a command-line look-up.
        self._path_text = path_text(os.fspath(path))
        try:
            os.makedirs(os.path.dirname(self._path_text) or ".", exist_ok=True)
            self.db = sqlite3.connect(self._path_text, timeout=timeout, isolation_level=None,
                                      check_same_thread=False)
            self.db.execute(f"PRAGMA page_size = {PAGE_BYTES}")  # only while the file is empty
            self._wal(timeout)
            self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self.migrated = migrate(self.db)
            if fts_rows.keep_current(self.db) or "0006_fts_contentless" in self.migrated:
                self._give_back_free_pages()
        except sqlite3.DatabaseError as exc:
            if not self._read_as_it_stands(exc):
                raise StoreError(f"cannot open store {self.path}: {exc}") from exc
        except StoreError as exc:  # a store from a newer lode
            raise StoreError(f"cannot open store {self.path}: {exc.message}") from None
        except OSError as exc:
            raise StoreError(f"cannot create store {self.path}: {exc.strerror or exc}") from exc

    def _read_as_it_stands(self, exc: sqlite3.DatabaseError) -> bool:
        """Open a store in a folder this process cannot write (a shared read-only copy, a
        read-only mount) for reading: a WAL store needs its -shm file beside it even to be
        read, and that cannot be made there. Only when no one is writing it (no -wal file
        beside it) is it read as it stands (SQLite's immutable mode); writes then fail as
        on any read-only store. False when that does not apply or does not work."""
        folder = os.path.dirname(self._path_text) or "."
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF not in (8, 14) or os.access(folder, os.W_OK) \
                or not os.path.isfile(self._path_text) or os.path.exists(self._path_text + "-wal"):
            return False
        if getattr(self, "db", None) is not None:
            self.db.close()
        import urllib.parse  # only for a store read as it stands (~37 M instructions with re)

        try:
            uri = "file:" + urllib.parse.quote(os.path.abspath(self._path_text)) + "?mode=ro&immutable=1"
            self.db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA foreign_keys = ON")
            self.migrated = migrate(self.db)  # fails when a migration is due: it cannot be written
            fts_rows.keep_current(self.db)
        except sqlite3.DatabaseError:
            return False
        return True

    def _wal(self, timeout: float) -> None:
        # Switching a fresh file to WAL needs a lock SQLite does not wait for (the busy
        # handler is not consulted), so writers opening one new store at once can get
        # "database is locked" here: retry until the timeout.
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.db.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _give_back_free_pages(self) -> None:
        # After the lexical index was rebuilt (or its copy of the texts dropped), most
        # of the old index is free pages inside the file: hand them back to the file
        # system once, unless another connection is busy with the store.
        free = self.db.execute("PRAGMA freelist_count").fetchone()[0]
        if free * 4 > self.db.execute("PRAGMA page_count").fetchone()[0]:
            try:
                self.db.execute("VACUUM")
            except sqlite3.OperationalError:
                pass  # free pages are reused by later writes anyway

    backend = "sqlite"
    # The stored form of a chunk's text (chunks.body_z): the indexer has its workers
    # make it (ChunkRow.body_z), so the one process writing the store does not.
    pack_body = staticmethod(fts_rows.pack)

    def close(self) -> None:
        if self._checkpointing is not None:
            self._checkpointing.join()
        self.db.close()

    def stop_when(self, check: Callable[[], bool]) -> None:
        """Statements on this store's connection stop soon after ``check()`` turns true
        (a server's request ran past its deadline, or its client left); the error they
        then raise is one :meth:`stopped` recognises. ``check`` is asked on the
        connection's own thread, every few thousand virtual-machine steps."""
        self.db.set_progress_handler(lambda: 1 if check() else 0, _STOP_CHECK_STEPS)

    @staticmethod
    def stopped(exc: BaseException) -> bool:
        """Whether ``exc`` is a statement stopped by the check :meth:`stop_when` gave."""
        return isinstance(exc, sqlite3.OperationalError) and \
            getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_INTERRUPT

    @contextmanager
    def index_lock(self, workspace: WorkspaceRow, waiting: Callable[[], None] | None = None) -> Iterator[None]:
        """One index run of a workspace at a time, across processes: a second run (two
        ``lode index`` at once, a hook beside a watching daemon) waits for the first and
        then finds its work done, instead of reading and writing every file again beside
        it. A POSIX lock on one byte (the workspace's id) of STORE-index.lock, freed by
        the system however its holder ends. ``waiting`` is called while it waits (every
        LOCK_POLL_SECONDS: a stopping server's run raises from it). A folder where the
        lock file cannot be made: no lock (writers still take turns per transaction)."""
        import fcntl

        try:
            fd = os.open(self._path_text + INDEX_LOCK_SUFFIX, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError:
            yield
            return
        try:
            while True:
                try:
                    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, workspace.id)
                    break
                except OSError:
                    if waiting is not None:
                        waiting()
                    time.sleep(LOCK_POLL_SECONDS)
            yield
        finally:
            os.close(fd)  # frees the lock

    # Foreign keys are not checked on this connection (Store.bulk_writes): write_batch
    # checks the one reference another process can break meanwhile, the workspace's.
    _unchecked = False

    @contextmanager
    def bulk_writes(self) -> Iterator[None]:
        """Settings for a run writing many files, put back after; into an empty store,
        the secondary indexes are built once at the end (:mod:`.deferred`), and into a
        store without files, foreign keys are not checked (every row refers to a file
        row its batch has just written: Go's tree, the checks were ~0.2 of the writing
        process's ~4.5 CPU s). Nothing such a run deletes has rows referring to it (a
        file row it replaces, or a path deleted, is one written before the run, so
        without chunks, symbols or anything else), so no delete needs to cascade."""
        db = self.db
        cache = db.execute("PRAGMA cache_size").fetchone()[0]
        checkpoint = db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
        db.execute(f"PRAGMA cache_size = -{BULK_CACHE_KIB}")
        db.execute(f"PRAGMA wal_autocheckpoint = {BULK_CHECKPOINT_PAGES}")
        deferring = failed = False
        lexical = None
        try:
            lexical = fts_rows.bulk_settings(db)
            deferring = deferred.defer(db)
            if deferring and db.execute("SELECT 1 FROM files LIMIT 1").fetchone() is None:
                db.execute("PRAGMA foreign_keys = OFF")  # outside a transaction, or not at all
                self._unchecked = True
            yield
        except BaseException:
            failed = True
            raise
        finally:
            if self._unchecked:
                db.execute("PRAGMA foreign_keys = ON")
                self._unchecked = False
            db.execute(f"PRAGMA cache_size = {int(cache)}")
            db.execute(f"PRAGMA wal_autocheckpoint = {int(checkpoint)}")
            if lexical is not None:
                fts_rows.put_back(db, lexical)
            if deferring:
                # After the cache is put back: SQLite sorts in memory up to the cache's
                # size, and the large one raised the run's peak memory by ~25 MB (Go's
                # tree) for no less CPU than sorting in smaller runs. After a failure
                # (a full disk) the build may fail too: the next run does it then, and
                # the run's own error is the one reported.
                try:
                    deferred.build(db)
                except sqlite3.Error:
                    if not failed:
                        raise

    _checkpointing = None  # the thread of a checkpoint_later() copy

    @contextmanager
    def checkpoint_later(self) -> Iterator[Callable[[], None]]:
        """For an index run's end: SQLite's automatic checkpoint (a commit that leaves
        more than its limit of pages in the WAL copies them all into the store file and
        syncs it before returning) is off on this connection inside, and the callable
        given starts that copy in a thread with a connection of its own, which goes on
        while the caller does (the embedding stage, the command's exit): at the end of a
        100-file re-index of Go's tree it held the run's last commit ~70-90 ms. The
        limit is back on leaving; the process ends only after the thread (not a daemon)."""
        if self._checkpointing is not None:  # an earlier run's: done before this run forks its workers
            self._checkpointing.join()
        db = self.db
        limit = int(db.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        if limit <= 0:
            yield lambda: None
            return
        db.execute("PRAGMA wal_autocheckpoint = 0")
        try:
            yield lambda: self._checkpoint_apart(limit)
        finally:
            db.execute(f"PRAGMA wal_autocheckpoint = {limit}")

    def _checkpoint_apart(self, limit: int) -> None:
        try:  # the WAL file's size is its largest extent: a small file is a short log
            size = os.path.getsize(self._path_text + "-wal")
        except OSError:
            return
        if size <= limit * self.db.execute("PRAGMA page_size").fetchone()[0]:
            return
        import threading

        def checkpoint() -> None:
            try:
                con = sqlite3.connect(self._path_text, isolation_level=None)
                try:
                    con.execute("PRAGMA wal_checkpoint(PASSIVE)")
                finally:
                    con.close()
            except sqlite3.Error:
                pass  # the next commit past the limit, or the last close, checkpoints instead

        if self._checkpointing is not None:
            self._checkpointing.join()
        self._checkpointing = threading.Thread(target=checkpoint, name="lode-checkpoint")
        self._checkpointing.start()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; a store that cannot be written (a read-only file, a
        full disk) raises :class:`StoreError` naming it, the transaction undone."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                if self.db.in_transaction:  # a full disk makes SQLite roll back by itself
                    self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in _CANNOT_WRITE:
                raise StoreError(f"cannot write store {self.path}: {exc}") from exc
            raise

    # -- workspaces ---------------------------------------------------------------

    def _workspace(self, row) -> WorkspaceRow:
        return WorkspaceRow(row[0], row[1], row[2], jsontext.loads(row[3]), row[4], row[5], row[6])

    _WS = "SELECT id, name, root, config, generation, indexed_at, index_seconds FROM workspaces"

    def workspaces(self) -> list[WorkspaceRow]:
        return [self._workspace(r) for r in self.db.execute(self._WS + " ORDER BY name")]

    def workspace(self, key: str | int) -> WorkspaceRow:
        """A workspace by id, name or root path; raises NotFound."""
        if isinstance(key, int):
            row = self.db.execute(self._WS + " WHERE id = ?", (key,)).fetchone()
        else:
            row = self.db.execute(self._WS + " WHERE name = ?", (key,)).fetchone()
            if row is None:
                root = os.path.realpath(os.path.expanduser(key))
                row = self.db.execute(self._WS + " WHERE root = ?", (root,)).fetchone()
        if row is None:
            raise NotFound(f"no workspace {key!r} in {self.path}", data={"workspace": key})
        return self._workspace(row)

    def add_workspace(self, name: str, root: str, config: dict) -> WorkspaceRow:
        """A new workspace; the one another process added with this root meanwhile (two
        ``lode index NEW`` at once) when there is one."""
        try:
            with self.transaction() as db:
                cur = db.execute("INSERT INTO workspaces (name, root, config, created_at) VALUES (?, ?, ?, ?)",
                                 (name, root, jsontext.dumps(config), time.time()))
        except sqlite3.IntegrityError:
            row = self.db.execute(self._WS + " WHERE root = ?", (root,)).fetchone()
            if row is not None:
                return self._workspace(row)
            from ..errors import InvalidParams

            raise InvalidParams(f"invalid params: a workspace named {name!r} already exists",
                                data={"param": "name"}) from None
        return self.workspace(cur.lastrowid)

    def set_workspace_config(self, workspace_id: int, config: dict) -> None:
        with self.transaction() as db:
            db.execute("UPDATE workspaces SET config = ?, changes = changes + 1 WHERE id = ?",
                       (jsontext.dumps(config), workspace_id))

    def move_workspace(self, workspace_id: int, root: str) -> None:
        """Give a workspace a new root; its files' paths are relative to it, so they stay."""
        with self.transaction() as db:
            db.execute("UPDATE workspaces SET root = ?, changes = changes + 1 WHERE id = ?", (root, workspace_id))

    def remove_workspace(self, workspace_id: int) -> None:
        with self.transaction() as db:
            fts_rows.forget_workspace(db, workspace_id)
            db.execute("DELETE FROM workspaces WHERE id = ?", (workspace_id,))
            # The embedding stage's mark for this id (lode.embed.indexing): a workspace
            # added later may get the same id and must not inherit it.
            db.execute("DELETE FROM vector_state WHERE key = ?", (f"embedded:{workspace_id}",))

    def begin_generation(self, workspace_id: int) -> int:
        with self.transaction() as db:
            db.execute("UPDATE workspaces SET generation = generation + 1 WHERE id = ?", (workspace_id,))
            return db.execute("SELECT generation FROM workspaces WHERE id = ?", (workspace_id,)).fetchone()[0]

    def finish_index(self, workspace_id: int, seconds: float) -> None:
        with self.transaction() as db:
            db.execute("UPDATE workspaces SET indexed_at = ?, index_seconds = ? WHERE id = ?",
                       (time.time(), seconds, workspace_id))

    # -- files --------------------------------------------------------------------

    def file_states(self, workspace_id: int) -> dict[str, FileState]:
        """Every known file of a workspace (metadata only: no text), keyed by the path
        as the walk spells it (see :mod:`.paths`). Every index run starts here, so this
        also builds the indexes a killed first index left unbuilt (one read if none)."""
        deferred.build(self.db)
        return {from_store(r[0], r[1]): FileState(*r[2:]) for r in self.db.execute(
            "SELECT path, raw_path, id, mtime_ns, size, hash, chunker, refused, ctime_ns FROM files"
            " WHERE workspace_id = ?", (workspace_id,))}

    def write_batch(self, workspace_id: int, generation: int, records: Iterable[FileRecord],
                    deleted: Iterable[str] = ()) -> None:
        """Store a batch of file states (and remove ``deleted`` paths) in one transaction."""
        with self.transaction() as db:
            # Readers holding answers about this workspace see they are stale.
            bumped = db.execute("UPDATE workspaces SET changes = changes + 1 WHERE id = ?", (workspace_id,))
            if self._unchecked and bumped.rowcount != 1:  # removed meanwhile: what the check says
                raise sqlite3.IntegrityError("FOREIGN KEY constraint failed")
            for path in deleted:
                self._delete_path(db, workspace_id, path)
            next_id = (db.execute("SELECT max(id) FROM chunks").fetchone()[0] or 0) + 1
            replacing = hooks.replacers()
            for rec in records:
                path, raw = to_store(rec.path)
                if raw is not None:  # the name is not UTF-8: so are texts quoting it
                    import dataclasses

                    rec = dataclasses.replace(rec, path=path, chunks=scrub(rec.chunks),
                                              symbols=scrub(rec.symbols))
                if rec.touched:
                    db.execute("UPDATE files SET mtime_ns = ?, size = ?, ctime_ns = ? WHERE workspace_id = ? AND path = ?",
                               (rec.mtime_ns, rec.size, rec.ctime_ns, workspace_id, path))
                    continue
                if raw is None and replacing is not None:
                    taken = self._replace_in_place(db, workspace_id, generation, path, rec, next_id, replacing)
                    if taken is not None:
                        next_id += taken + (ID_SLACK if taken else 0)
                        continue
                    # not known (the look-up just made found no row): nothing to delete
                else:
                    # Most chunks of a changed file come back unchanged: their old rows are
                    # removed with the values the worker just derived for the same text.
                    self._delete_path(db, workspace_id, rec.path, None if raw is not None else rec.chunks)
                file_id = db.execute(
                    "INSERT INTO files (workspace_id, path, raw_path, mtime_ns, size, hash, chunker, language, tag,"
                    " lines, refused, note, generation, ctime_ns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (workspace_id, path, raw, rec.mtime_ns, rec.size, rec.hash, rec.chunker, rec.language,
                     rec.tag, rec.lines, _text(rec.refused), _text(rec.note), generation,
                     rec.ctime_ns)).lastrowid
                if rec.chunks:
                    ids = range(next_id, next_id + len(rec.chunks))
                    next_id += len(rec.chunks) + ID_SLACK
                    if raw is None:  # the worker derived idents and labels as fts_rows.row does
                        _insert_chunks(db, file_id, ids, rec.chunks)
                        fts_rows.insert_chunks(db, ids, rec.chunks, workspace_id)
                    else:  # scrubbed texts: packed, and their lexical rows derived, again
                        insert_rows(db, "chunks", _CHUNK_COLUMNS, [(i, file_id, *c[:STORED], pack(c[BODY]))
                                                                   for i, c in zip(ids, rec.chunks)])
                        fts_rows.insert(db, [fts_rows.row(i, c[BODY], c[NAME], c[BREADCRUMB], workspace_id)
                                             for i, c in zip(ids, rec.chunks)])
                for writer in hooks.FILE_WRITERS:
                    writer(db, file_id, rec)

    @staticmethod
    def _replace_in_place(db: sqlite3.Connection, workspace_id: int, generation: int, path: str,
                          rec: FileRecord, next_id: int, replacers: list[Callable]) -> int | None:
        """A known file's new state written over its row (:mod:`.replace`): how many new
        chunk ids it took from ``next_id``; None, having written nothing, when the file
        is not known."""
        row = db.execute("SELECT id FROM files WHERE workspace_id = ? AND path = ?",
                         (workspace_id, path)).fetchone()
        if row is None:
            return None
        file_id = row[0]
        taken = replace_chunks(db, file_id, workspace_id, rec.chunks, next_id)
        # the values a new row would get: no hold and no retry (lode.workspace.held)
        db.execute("UPDATE files SET raw_path = NULL, mtime_ns = ?, size = ?, hash = ?, chunker = ?, language = ?,"
                   " tag = ?, lines = ?, refused = ?, note = ?, generation = ?, ctime_ns = ?, hold = NULL,"
                   " retry_at = NULL, attempts = 0 WHERE id = ?",
                   (rec.mtime_ns, rec.size, rec.hash, rec.chunker, rec.language, rec.tag, rec.lines,
                    _text(rec.refused), _text(rec.note), generation, rec.ctime_ns, file_id))
        for replace in replacers:
            replace(db, file_id, rec)
        return taken

    @staticmethod
    def _delete_path(db: sqlite3.Connection, workspace_id: int, path: str, known=None) -> None:
        row = db.execute("SELECT id FROM files WHERE workspace_id = ? AND path = ?",
                         (workspace_id, to_store(path)[0])).fetchone()
        if row is None:
            return
        fts_rows.forget_file(db, row[0], known)
        db.execute("DELETE FROM files WHERE id = ?", (row[0],))  # chunks and others cascade

    @cached_property
    def path(self) -> Path:
        from pathlib import Path

        return Path(self._path_text)

    # -- subsystems: each one's queries in its own module ----------------------------

    @cached_property
    def held(self) -> HeldFiles:
        from .held import HeldFiles

        return HeldFiles(self)

    @cached_property
    def vectors(self) -> VectorTables:
        from .vectors import VectorTables

        return VectorTables(self)

    @cached_property
    def chunks(self) -> ChunkReads:
        from .chunks import ChunkReads

        return ChunkReads(self)

    @cached_property
    def fts(self) -> LexicalIndex:
        from .fts import LexicalIndex

        return LexicalIndex(self)

    @cached_property
    def symbols(self) -> SymbolTables:
        return SymbolTables(self)

    def version(self) -> tuple:
        """Changes whenever anything in the store may have changed (a commit by this
        connection or another): for caches of answers derived from it."""
        return (self.db.execute("PRAGMA data_version").fetchone()[0], self.db.total_changes, id(self.db))

    def change_stamps(self) -> ChangeStamps:
        """A reader of what answers about this store depend on, on its own connection."""
        return ChangeStamps(self._path_text)

    @cached_property
    def created_at(self) -> float:
        """When this store was made (its first migration): files named after it that are
        older belonged to an earlier store at the same path."""
        return self.db.execute("SELECT coalesce(min(applied_at), 0) FROM migrations").fetchone()[0]

    def location(self) -> str:
        """The store file's absolute path (one store, however its path was spelled)."""
        for _, name, path in self.db.execute("PRAGMA database_list"):
            if name == "main":
                return path
        return ""

    # -- status -------------------------------------------------------------------

    def workspace_status(self, workspace_id: int) -> dict:
        db = self.db
        files, lines = db.execute("SELECT count(*), coalesce(sum(lines), 0) FROM files "
                                  "WHERE workspace_id = ? AND refused IS NULL", (workspace_id,)).fetchone()
        chunks = db.execute("SELECT count(*) FROM chunks c JOIN files f ON f.id = c.file_id "
                            "WHERE f.workspace_id = ?", (workspace_id,)).fetchone()[0]
        langs = {}
        for lang, n, nl, nc in db.execute(
                "SELECT coalesce(f.language, '?'), count(*), sum(f.lines), "
                " (SELECT count(*) FROM chunks c JOIN files g ON g.id = c.file_id"
                "  WHERE g.workspace_id = f.workspace_id AND coalesce(g.language, '?') = coalesce(f.language, '?'))"
                " FROM files f WHERE f.workspace_id = ? AND f.refused IS NULL GROUP BY 1 ORDER BY 2 DESC",
                (workspace_id,)):
            langs[lang] = {"files": n, "lines": nl or 0, "chunks": nc}
        refusals = [{"path": p, "reason": r} for p, r in db.execute(
            "SELECT path, refused FROM files WHERE workspace_id = ? AND refused IS NOT NULL ORDER BY path",
            (workspace_id,))]
        notes = [{"path": p, "note": n} for p, n in db.execute(
            "SELECT path, note FROM files WHERE workspace_id = ? AND note IS NOT NULL ORDER BY path",
            (workspace_id,))]
        chunkers = [r[0] for r in db.execute(
            "SELECT DISTINCT chunker FROM files WHERE workspace_id = ? AND chunker IS NOT NULL ORDER BY 1",
            (workspace_id,))]
        return {"files": files, "lines": lines, "chunks": chunks, "languages": langs,
                "refused": refusals, "notes": notes, "chunkers": chunkers}

    def chunk_kinds(self) -> set[str]:
        """Every chunk kind the store holds (``function``, ``section``, …)."""
        return {k for (k,) in self.db.execute("SELECT DISTINCT kind FROM chunks")}

    def size_bytes(self) -> int:
        from pathlib import Path

        total = 0
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(self.path) + suffix)
            if p.exists():
                total += p.stat().st_size
        return total


__all__ = ["Store", "StoreError", "WorkspaceRow", "FileState", "NotFound"]
