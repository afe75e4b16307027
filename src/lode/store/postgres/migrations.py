"""Named migrations of a PostgreSQL store, applied in order and recorded in its
``migrations`` table (the same rules as :mod:`lode.store.migrations` for SQLite).

A migration is a name and a function taking an open psycopg cursor; it runs in one
transaction together with the row recording it. Processes opening one store at once
(several indexers, a daemon) serialise on a transaction-level advisory lock, and each
re-checks the table once it holds it, so every migration runs exactly once.

Modules that add tables register with :func:`migration` and are listed in
:data:`MIGRATION_MODULES` (imported, and their migrations applied, in that order).
Names never change once released; a migration that changes derived data calls
:func:`invalidate_files`.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from typing import Callable

from ..migrations import refuse_newer

# Modules that register migrations, in application order.
MIGRATION_MODULES: tuple[str, ...] = (
    "lode.store.postgres.schema",
    "lode.store.postgres.fts",
    "lode.store.postgres.vectors",
    "lode.store.postgres.evidence",
)

# First key of lode's advisory locks (the second names what is locked): "lode" in ASCII.
LOCK_CLASS = int.from_bytes(b"lode", "big")
_MIGRATION_LOCK = 0  # second key of the lock migrations take (a workspace's is its id, > 0)


@dataclass(frozen=True)
class Migration:
    name: str
    apply: Callable


_REGISTRY: list[Migration] = []


def migration(name: str) -> Callable:
    """Register ``fn(cur)`` as the PostgreSQL migration ``name``."""

    def register(fn: Callable):
        if any(m.name == name for m in _REGISTRY):
            raise ValueError(f"migration {name!r} registered twice")
        _REGISTRY.append(Migration(name, fn))
        return fn

    return register


def registered() -> list[Migration]:
    """Every migration, in the order of ``MIGRATION_MODULES`` (a module not yet written
    is skipped), then registration order."""
    for module in MIGRATION_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    order = {name: i for i, name in enumerate(MIGRATION_MODULES)}
    return sorted(_REGISTRY, key=lambda m: order.get(m.apply.__module__, len(order)))


def applied(conn) -> list[str]:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, _MIGRATION_LOCK))
        conn.execute("CREATE TABLE IF NOT EXISTS migrations (seq BIGSERIAL, name TEXT PRIMARY KEY, "
                     "applied_at DOUBLE PRECISION NOT NULL)")
    return [r[0] for r in conn.execute("SELECT name FROM migrations ORDER BY seq")]


def _recorded(conn) -> set[str]:
    """The names recorded, read without locks or DDL (an empty set on a new database)."""
    if conn.execute("SELECT to_regclass('migrations')").fetchone()[0] is None:
        return set()
    return {r[0] for r in conn.execute("SELECT name FROM migrations")}


def migrate(conn) -> list[str]:
    """Apply every registered migration not yet recorded; return the names applied.
    A store holding a migration this version does not know is refused (StoreError), as
    a SQLite store is.

    A store that has them all is only read: a read replica (hot standby), where no lock
    can be taken and no table created, opens like the primary."""
    known = registered()
    recorded = _recorded(conn)
    refuse_newer(recorded, known)  # written by a newer lode: neither read nor written
    if {m.name for m in known} <= recorded:
        return []
    done = set(applied(conn))
    ran = []
    for m in registered():
        if m.name in done:
            continue
        with conn.transaction(), conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, _MIGRATION_LOCK))
            # Another process may have migrated while we waited for the lock.
            if cur.execute("SELECT 1 FROM migrations WHERE name = %s", (m.name,)).fetchone():
                continue
            m.apply(cur)
            cur.execute("INSERT INTO migrations (name, applied_at) VALUES (%s, %s)", (m.name, time.time()))
        ran.append(m.name)
    return ran


def run_script(cur, sql: str) -> None:
    """Run ``;``-separated statements (none with ``;`` inside a literal)."""
    for statement in sql.split(";"):
        if statement.strip():
            cur.execute(statement)


def invalidate_files(cur) -> None:
    """Make the next index run re-read and re-chunk every file."""
    cur.execute("UPDATE files SET mtime_ns = -1, hash = NULL")
