"""Named schema migrations, applied in order and recorded in the ``migrations`` table.

A migration is a name and a function taking an open :class:`sqlite3.Connection`. Each
one runs inside its own transaction together with the row that records it, so a crash
leaves either the whole migration or none of it. Names never change once released.

Other subsystems add their tables from their own modules: register with
:func:`migration` and list the module in :data:`MIGRATION_MODULES` (order matters:
modules are imported, and their migrations applied, in that order)::

    # src/lode/store/schema_symbols.py
    from .migrations import migration

    @migration("0100_symbols")
    def _symbols(db):
        db.execute("CREATE TABLE symbols (file_id INTEGER NOT NULL "
                   "REFERENCES files(id) ON DELETE CASCADE, ...)")

Tables holding per-file data should reference ``files(id) ON DELETE CASCADE``: the
indexer replaces a changed file by deleting its row, so cascades clean everything else.

A migration that changes how derived data is computed calls :func:`invalidate_files`
so the next ``index`` run rebuilds it (a schema change rebuilds derived data).
"""

from __future__ import annotations

import importlib
import sqlite3
import time
from collections import namedtuple
from collections.abc import Callable  # not typing's: typing is ~3 ms to import

# Modules that register migrations, in application order.
MIGRATION_MODULES: tuple[str, ...] = (
    "lode.store.schema",
    "lode.store.schema_symbols",
    "lode.store.schema_vectors",
    "lode.store.schema_paths",
    "lode.store.schema_held",
    "lode.store.deferred",
)


# A registered migration: its name and ``apply(db)`` (a named tuple: a frozen dataclass
# cost every command ~0.5 ms to define).
Migration = namedtuple("Migration", "name apply")


_REGISTRY: list[Migration] = []


def migration(name: str) -> Callable:
    """Register ``fn(db)`` as the migration ``name`` (appended after those before it)."""

    def register(fn: Callable[[sqlite3.Connection], None]):
        if any(m.name == name for m in _REGISTRY):
            raise ValueError(f"migration {name!r} registered twice")
        _REGISTRY.append(Migration(name, fn))
        return fn

    return register


def registered() -> list[Migration]:
    """Every migration, in the order of ``MIGRATION_MODULES`` (then registration order),
    whichever module happened to be imported first."""
    for module in MIGRATION_MODULES:
        importlib.import_module(module)
    order = {name: i for i, name in enumerate(MIGRATION_MODULES)}
    return sorted(_REGISTRY, key=lambda m: order.get(m.apply.__module__, len(order)))


def refuse_newer(recorded: set[str], known: list[Migration]) -> None:
    """Raise StoreError when ``recorded`` names a migration not in ``known``: its tables
    may mean something this version does not know, so it neither reads nor writes them."""
    newer = recorded - {m.name for m in known}
    if newer:
        from ..errors import StoreError

        raise StoreError(f"written by a newer lode (schema {', '.join(sorted(newer))}): "
                         "upgrade lode, or give another store with --db")


def applied(db: sqlite3.Connection) -> list[str]:
    db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    return [r[0] for r in db.execute("SELECT name FROM migrations ORDER BY rowid")]


def migrate(db: sqlite3.Connection) -> list[str]:
    """Apply every registered migration not yet recorded; return the names applied.

    ``db`` must be in autocommit mode (``isolation_level=None``). A store holding a
    migration this version does not know was written by a newer lode: refused, untouched."""
    done = set(applied(db))
    refuse_newer(done, registered())
    ran = []
    for m in registered():
        if m.name in done:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while we waited for the write lock.
            if db.execute("SELECT 1 FROM migrations WHERE name = ?", (m.name,)).fetchone():
                db.execute("COMMIT")
                continue
            m.apply(db)
            db.execute("INSERT INTO migrations (name, applied_at) VALUES (?, ?)", (m.name, time.time()))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # a full disk makes SQLite roll back by itself
                db.execute("ROLLBACK")
            raise
        ran.append(m.name)
    return ran


def run_script(db: sqlite3.Connection, sql: str) -> None:
    """Run ``;``-separated DDL statements inside the current transaction
    (``executescript`` would commit it). Statements must not contain ``;`` in literals."""
    for statement in sql.split(";"):
        if statement.strip():
            db.execute(statement)


def invalidate_files(db: sqlite3.Connection) -> None:
    """Make the next index run re-read and re-chunk every file."""
    db.execute("UPDATE files SET mtime_ns = -1, hash = NULL")
