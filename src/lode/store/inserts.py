"""Many rows into an ordinary table, several per statement.

``executemany`` runs its statement once a row: each run binds the row, steps the
statement and resets it, taking the connection's mutex and handing the GIL back and
forth around the step. One statement of several rows' values does that once for them
all: the same rows, in the same order (so the same rowids).

``OR FAIL``: a statement that writes several rows and may stop halfway (a NOT NULL
column, a key) otherwise keeps a statement journal, a copy of each page it changes, to
undo its own rows: with it, a replay of a twelfth of Go's tree's worker results
(bench/store_writes.py's records, callgrind) took 2,999M instructions instead of the
2,501M of one row a statement; without it, 2,429M. Nothing here breaks a constraint,
and a statement that did still fails its transaction, which the caller rolls back
whole. Not for a virtual table: FTS5 flushes its pending rows at every statement of
several rows (a savepoint), slower and in more segments.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from itertools import chain, islice

# Rows a statement inserts, the most first, then fewer for what is left (a file's rows
# are inserted apart from other files': Go's tree averages 17 chunks and 83 symbols a
# file). The replay above: (32, 8) 2,429M, (64, 8) 2,432M, (16, 4) 2,436M. Up to 14
# values a row here: 32 rows bind well under SQLite's 32,766 variables (999 before 3.32).
ROWS_PER_INSERT = (32, 8)
# Rows taken from an iterable at a time: rows may be made as they are written (a
# generated file's 250k symbols), and stay so.
_TAKEN = 32 * 256

_statements: dict[tuple[str, tuple[str, ...], int], str] = {}


def _statement(table: str, columns: tuple[str, ...], rows: int) -> str:
    key = (table, columns, rows)
    sql = _statements.get(key)
    if sql is None:
        values = "(" + ", ".join("?" * len(columns)) + ")"
        verb = "INSERT OR FAIL" if rows > 1 else "INSERT"
        sql = _statements[key] = f"{verb} INTO {table} ({', '.join(columns)}) VALUES {', '.join([values] * rows)}"
    return sql


def insert_rows(db: sqlite3.Connection, table: str, columns: tuple[str, ...], rows: Iterable[tuple]) -> None:
    """Insert ``rows`` (tuples of ``columns``' values) into ``table``, in order."""
    if isinstance(rows, list):
        _insert(db, table, columns, rows)
        return
    it = iter(rows)
    while block := list(islice(it, _TAKEN)):
        _insert(db, table, columns, block)


def _insert(db: sqlite3.Connection, table: str, columns: tuple[str, ...], rows: list[tuple]) -> None:
    done = 0
    for size in ROWS_PER_INSERT:
        end = done + (len(rows) - done) // size * size
        if end > done:
            db.executemany(_statement(table, columns, size),
                           [tuple(chain.from_iterable(rows[i:i + size])) for i in range(done, end, size)])
            done = end
    if done < len(rows):
        db.executemany(_statement(table, columns, 1), rows[done:] if done else rows)


_numbered_statements: dict[tuple[str, tuple[str, ...], int, bool], str] = {}


def _numbered(table: str, columns: tuple[str, ...], rows: int, counted: bool) -> str:
    """_statement's, the first column's value bound once for every row (``?1``); when
    ``counted``, the second column's is ``?2`` in the first row, one more in each next."""
    key = (table, columns, rows, counted)
    sql = _numbered_statements.get(key)
    if sql is None:
        fixed = 2 if counted else 1
        width = len(columns) - fixed
        values = ", ".join(
            "(?1, " + (f"?2 + {r}, " if counted else "")
            + ", ".join(f"?{fixed + 1 + r * width + k}" for k in range(width)) + ")" for r in range(rows))
        verb = "INSERT OR FAIL" if rows > 1 else "INSERT"
        sql = _numbered_statements[key] = f"{verb} INTO {table} ({', '.join(columns)}) VALUES {values}"
    return sql


def insert_file_rows(db: sqlite3.Connection, table: str, columns: tuple[str, ...], file_id: int,
                     values: list, first_id: int | None = None) -> None:
    """Insert one file's rows into ``table``, in order: ``columns[0]`` is ``file_id`` in
    each; with ``first_id``, ``columns[1]`` is ``first_id`` in the first row and one more
    in each next; ``values`` holds the other columns' values, row after row, in one flat
    list. No tuple is made a row, and the file id is bound once a statement, not a row."""
    counted = first_id is not None
    width = len(columns) - (2 if counted else 1)
    n = len(values) // width
    done = 0
    for size in (*ROWS_PER_INSERT, 1):
        end = done + (n - done) // size * size
        if end > done:
            step = size * width
            sql = _numbered(table, columns, size, counted)
            if counted:
                db.executemany(sql, [(file_id, first_id + j // width, *values[j:j + step])
                                     for j in range(done * width, end * width, step)])
            else:
                db.executemany(sql, [(file_id, *values[j:j + step]) for j in range(done * width, end * width, step)])
            done = end
