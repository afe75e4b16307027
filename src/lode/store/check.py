"""Checking a SQLite store's pages and repairing them without losing its workspaces.

Damage that leaves every page readable can still give wrong answers: an index B-tree
whose pages were overwritten by an older copy (a disk error, a backup taken mid-write)
reads as a valid, smaller index, so a look-up through it answers "no definition" with no
error at all. Only SQLite's integrity check (every table against its indexes) sees it,
and it reads the whole file (~1.7 s on Go's tree), too slow for every command; so
``lode check`` runs it on demand, and the "damaged" errors of every command point there.

Repair keeps what can be kept. Indexes hold nothing of their own: REINDEX rebuilds them
from the tables and VACUUM drops the orphaned pages, and the store is whole again with
every workspace. When the tables themselves are damaged, the workspaces (their names,
roots and settings) are re-indexed from their folders into a fresh store, which then
replaces the damaged one; the damaged file is kept beside it.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import StoreError
from .sqlite import INDEX_LOCK_SUFFIX

# Rows of the integrity check read at most: past this the store is damaged either way.
MAX_PROBLEMS = 1000


# SQLite's primary result codes for a store that cannot be written now: SQLITE_BUSY,
# SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN.
_CANNOT_WRITE = frozenset({5, 6, 8, 10, 13, 14})


def problems(path: str) -> list[str]:
    """SQLite's integrity check of the store at ``path``: [] when whole, else its
    findings (up to MAX_PROBLEMS). A file that is not a store at all is one finding."""
    if not os.path.isfile(path):
        raise StoreError(f"no store at {path}")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    try:
        rows = [r for (r,) in db.execute(f"PRAGMA integrity_check({MAX_PROBLEMS})")]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    finally:
        db.close()
    # One row may hold several findings, under a "*** in database main ***" heading.
    found = [] if rows == ["ok"] else \
        [line for row in rows for line in row.splitlines() if line and not line.startswith("***")]
    return found + _lexical_index_problems(path)


def _lexical_index_problems(path: str) -> list[str]:
    """FTS5's own check of each full-text index: SQLite's integrity check leaves their
    contents out, and a damaged one fails only the searches whose words it reaches. It
    is asked by an INSERT (which writes nothing), so it needs a writable store: a
    read-only one goes unchecked here."""
    try:
        db = sqlite3.connect(path, isolation_level=None, timeout=30)
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    found = []
    try:
        tables = [name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5%'")]
        for table in tables:
            try:
                db.execute("BEGIN")
                db.execute(f'INSERT INTO "{table}"("{table}") VALUES (\'integrity-check\')')
            except sqlite3.DatabaseError as exc:
                if getattr(exc, "sqlite_errorcode", 0) & 0xFF != 8:  # SQLITE_READONLY: unchecked
                    found.append(f"{_LEXICAL}{table}: {exc}")
            finally:
                if db.in_transaction:
                    db.execute("ROLLBACK")
    except sqlite3.DatabaseError as exc:
        found.append(str(exc))
    finally:
        db.close()
    return found


def only_lexical(found: list[str]) -> bool:
    """Whether every finding is in a full-text index (the tables and their B-tree
    indexes are whole): the chunk texts the index is made from are all there."""
    return bool(found) and all(line.startswith(f"{_LEXICAL}chunks_fts:") for line in found)


_LEXICAL = "full-text index "


def rebuild_indexes(path: str, found: list[str] | None = None) -> bool:
    """Rebuild what is derived in place — the full-text index from the chunk texts
    ``chunks`` holds (no file read again) when it is all ``found`` names, else every
    B-tree index (REINDEX, then VACUUM), then the full-text index if it is still
    damaged; True when the store is whole afterwards."""
    try:
        if not (found and only_lexical(found)):
            db = sqlite3.connect(path, isolation_level=None, timeout=30)
            try:
                db.execute("REINDEX")
                db.execute("VACUUM")
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                db.close()
            found = problems(path)
        if only_lexical(found):
            _rebuild_lexical_index(path)
            found = problems(path)
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF in _CANNOT_WRITE:
            # Not the damage: the store cannot be written now. Re-indexing into a fresh
            # store beside it would fail alike, or take it from a process still using it.
            raise StoreError(f"cannot repair store {path} now ({exc}): free disk space or stop the "
                             "process using it, then run lode check --repair again (nothing was "
                             "lost)") from None
        return False
    return not found


def _rebuild_lexical_index(path: str) -> None:
    """Empty the full-text index and index every stored chunk again (one transaction:
    a failure leaves it as it was). Emptying reads none of its damaged blocks."""
    from .fts_rows import rebuild

    db = sqlite3.connect(path, isolation_level=None, timeout=30)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            rebuild(db)
            db.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('optimize')")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()


def workspace_rows(path: str) -> list[tuple[str, str, dict]]:
    """(name, root, config) of every workspace the damaged store still lists."""
    import json

    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        try:
            rows = db.execute("SELECT name, root, config FROM workspaces ORDER BY id").fetchall()
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"store {path} is damaged past repair: its workspace list cannot be read "
                         f"({exc}); move it aside and index each workspace again with lode index") from None
    return [(name, root, json.loads(config) if config else {}) for name, root, config in rows]


@contextmanager
def no_index_runs(path: str) -> Iterator[None]:
    """Hold every workspace's index lock (all of STORE-index.lock, :meth:`.sqlite.Store.index_lock`)
    while the store at ``path`` is repaired: an index run under way would go on writing
    the damaged file after a rebuilt one replaced it, so the repair is refused; a run
    starting meanwhile waits, then finds the file replaced (the service checks)."""
    import fcntl

    try:
        fd = os.open(f"{path}{INDEX_LOCK_SUFFIX}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:  # a folder that cannot hold it: no index run holds one either
        yield
        return
    try:
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 0, 0)  # from byte 0 to the end, and on
        except OSError:
            raise StoreError(f"an index run is writing the store {path}: wait for it to finish (or stop "
                             "it), then run lode check --repair again (nothing was changed)") from None
        yield
    finally:
        os.close(fd)


def remove_store(path: str) -> None:
    """Remove a store file and its WAL (a rebuild that did not finish)."""
    for suffix in ("", "-wal", "-shm"):
        try:
            os.remove(path + suffix)
        except FileNotFoundError:
            pass


def rebuild_path(path: str) -> str:
    """Where the store at ``path`` is rebuilt before it replaces it."""
    return f"{path}.rebuild-{os.getpid()}"


def remove_stale_rebuilds(path: str) -> list[str]:
    """Remove what a repair killed while it rebuilt the store at ``path`` left beside it
    (PATH.rebuild-PID and its WAL: as large as a store, and no later repair, under
    another pid, would reuse it). A rebuild whose process still runs is left alone.
    Returns the files removed."""
    import glob

    removed = []
    for name in glob.glob(glob.escape(path) + ".rebuild-*"):
        pid = name[len(path) + len(".rebuild-"):].split("-", 1)[0]
        if not pid.isdigit() or _running(int(pid)):
            continue
        try:
            os.remove(name)
            removed.append(name)
        except OSError:
            pass
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def fresh_store(fresh: str, rows: list[tuple[str, str, dict]]) -> None:
    """A new, empty store at ``fresh`` listing the workspaces ``rows`` names."""
    from .sqlite import Store

    remove_store(fresh)
    store = Store(fresh)
    try:
        for name, root, config in rows:
            store.add_workspace(name, root, config)
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        store.close()


def swap_in(fresh: str, path: str) -> str:
    """Put the rebuilt store ``fresh`` at ``path``; the damaged file (and its WAL) is
    kept beside it as PATH.damaged-TIME, whose name is returned."""
    kept = f"{path}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.replace(path + suffix, kept + suffix)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(fresh + suffix):
            os.replace(fresh + suffix, path + suffix)
    os.replace(fresh, path)
    try:
        os.remove(f"{fresh}{INDEX_LOCK_SUFFIX}")  # the rebuild's own index runs' lock file
    except OSError:
        pass
    return kept
