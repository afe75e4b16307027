"""Secondary indexes built once after a first bulk load instead of row by row.

A first index of an empty store inserts every row in file order, so indexes keyed by
something else (reversed symbol names, name keys, content hashes) take each insert
somewhere in the middle of their B-tree. Dropping them for the load and building them
after from the finished tables (one sort each) is cheaper and packs them tighter. Go's
standard library, a replay of a full index's writes: 7.2 -> 6.2 CPU s (the index
builds included), store 189.8 -> 184.6 MB.

Only an empty store defers (:func:`defer`): nothing else is searched meanwhile. An index
is dropped in the same transaction that records its definition in ``deferred_indexes``,
so a run killed before :func:`build` leaves the definitions behind, and the next index
run builds them as it starts (``Store.file_states``), even one with nothing to write. Queries never depend on an index for their
answers, only for their speed, so a reader during the load gets the same answers.
"""

from __future__ import annotations

import sqlite3

from .migrations import migration

# Every secondary index of the chunk and symbol tables. A first load deletes nothing, so
# the ones that cascade deletes use (``*_file``) are not needed until it ends either.
DEFERRABLE = (
    "chunks_file", "chunks_name_key", "chunks_embed_hash",
    "symbols_rname", "symbols_file", "symbol_files_module",
    "symbol_links_rname", "symbol_links_target", "symbol_links_file",
    "symbol_relations_base", "symbol_relations_sub", "symbol_relations_file",
)


@migration("0400_deferred_indexes")
def _deferred_indexes(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE deferred_indexes (name TEXT PRIMARY KEY, sql TEXT NOT NULL)")


def defer(db: sqlite3.Connection) -> bool:
    """In a store holding no chunks and no symbols, drop the :data:`DEFERRABLE` indexes,
    recording their definitions; whether it did. ``db`` is in autocommit mode."""
    db.execute("BEGIN IMMEDIATE")
    try:
        empty = db.execute("SELECT 1 FROM chunks LIMIT 1").fetchone() is None and \
            db.execute("SELECT 1 FROM symbols LIMIT 1").fetchone() is None
        found = db.execute(
            f"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN ({','.join('?' * len(DEFERRABLE))})",
            DEFERRABLE).fetchall() if empty else []
        for name, sql in found:
            db.execute("INSERT OR REPLACE INTO deferred_indexes (name, sql) VALUES (?, ?)", (name, sql))
            db.execute(f'DROP INDEX "{name}"')
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a full disk makes SQLite roll back by itself
            db.execute("ROLLBACK")
        raise
    return bool(found)


def build(db: sqlite3.Connection) -> int:
    """Build every index a load deferred (a killed run's too); the number built. One
    read when there is none. ``db`` is in autocommit mode."""
    if db.execute("SELECT 1 FROM deferred_indexes LIMIT 1").fetchone() is None:
        return 0
    db.execute("BEGIN IMMEDIATE")
    try:
        rows = db.execute("SELECT name, sql FROM deferred_indexes ORDER BY rowid").fetchall()
        for name, sql in rows:
            # another process may have built it already
            if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", (name,)).fetchone() is None:
                db.execute(sql)
        db.execute("DELETE FROM deferred_indexes")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a full disk makes SQLite roll back by itself
            db.execute("ROLLBACK")
        raise
    return len(rows)
