"""What the tests that stop a ``lode index`` run midway share: the command, its
environment (no daemon), and how many files the store holds so far."""

from __future__ import annotations

import os
import sqlite3
import sys

LODE = [sys.executable, "-m", "lode"]
ENV = {**os.environ, "LODE_NO_DAEMON": "1"}


def files_written(db) -> int:
    """Files the store at ``db`` holds, read-only (0 while it cannot be read yet)."""
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return con.execute("SELECT count(*) FROM files").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0
