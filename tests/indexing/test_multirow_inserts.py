"""Rows inserted several per statement (lode.store.inserts) land as one row a statement
puts them: the same rows, in order, with the same rowids, whatever their count, given
as a list or made as they are written."""

from __future__ import annotations

import sqlite3

import pytest

from lode.store import inserts

COLUMNS = ("file_id", "name", "line")


def _table() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.execute("CREATE TABLE t (file_id INTEGER NOT NULL, name TEXT NOT NULL, line INTEGER NOT NULL)")
    return db


def _rows(n: int) -> list[tuple]:
    return [(i % 7, f"name{i}", i * 3) for i in range(n)]


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 31, 32, 33, 41, 100, 32 * 256 + 45])
@pytest.mark.parametrize("made", [list, iter])
def test_same_rows_in_order(n, made):
    one, many = _table(), _table()
    one.executemany("INSERT INTO t (file_id, name, line) VALUES (?, ?, ?)", _rows(n))
    inserts.insert_rows(many, "t", COLUMNS, made(_rows(n)))
    select = "SELECT rowid, file_id, name, line FROM t ORDER BY rowid"
    assert many.execute(select).fetchall() == one.execute(select).fetchall()


def test_a_broken_constraint_still_fails():
    db = _table()
    rows = _rows(40)
    rows[35] = (1, None, 2)
    db.execute("BEGIN")
    with pytest.raises(sqlite3.IntegrityError):
        inserts.insert_rows(db, "t", COLUMNS, rows)
    db.execute("ROLLBACK")
    assert db.execute("SELECT count(*) FROM t").fetchone() == (0,)


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 31, 32, 33, 41, 100])
@pytest.mark.parametrize("counted", [False, True])
def test_one_files_rows_from_a_flat_list(n, counted):
    """insert_file_rows: the file id given once (and, counted, the ids from a first one),
    the other values as one flat list: the rows one statement a row would insert."""
    one, many = sqlite3.connect(":memory:"), sqlite3.connect(":memory:")
    for db in (one, many):
        db.execute("CREATE TABLE u (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name TEXT, line INTEGER)")
    rows = [(100 + i if counted else None, 5, f"name{i}", i * 3) for i in range(n)]
    one.executemany("INSERT INTO u (id, file_id, name, line) VALUES (?, ?, ?, ?)", rows)
    values = [v for r in rows for v in r[2:]]
    if counted:
        inserts.insert_file_rows(many, "u", ("file_id", "id", "name", "line"), 5, values, 100)
    else:
        inserts.insert_file_rows(many, "u", ("file_id", "name", "line"), 5, values)
    select = "SELECT id, file_id, name, line FROM u ORDER BY id"
    assert many.execute(select).fetchall() == one.execute(select).fetchall()
