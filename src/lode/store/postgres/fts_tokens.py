"""Tokens exactly as the SQLite store's FTS5 index makes them, for the PostgreSQL store's
lexical index.

The two stores must rank alike, so their tokens must be the same: unicode61 with
diacritics removed, ``_`` a token character, case folded, then FTS5's own Porter stemmer.
A Python re-implementation does not get there: Snowball's ``porter`` differs from FTS5's
on ~0.2% of a real code vocabulary (``is`` → ``i``, ``technology`` → ``technologi``,
tokens over 64 characters cut), and unicode61's folding tables are its own. So the
tokenizer *is* FTS5: an in-memory, contentless FTS5 table with the store's tokenizer
(:data:`lode.store.schema.FTS_TOKENIZER`), read back through ``fts5vocab``. One per
thread (a sqlite3 connection is not shared).
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass

from ..schema import FTS_TOKENIZER

COLUMNS = ("body", "breadcrumb", "idents")  # the FTS5 table's columns, in order
POSITION_STRIDE = len(COLUMNS)   # a stored position is offset * stride + column


@dataclass(frozen=True, slots=True)
class Posting:
    """One term of one row: its count per column and every position (offset * stride +
    column) as PostgreSQL array text."""
    row: int
    term: str
    tf: tuple[int, int, int]
    positions: str


class _Tokenizer(threading.local):
    def __init__(self):
        self.db = sqlite3.connect(":memory:", isolation_level=None)
        self.db.execute("CREATE VIRTUAL TABLE t USING fts5(body, breadcrumb, idents, content='', "
                        f"tokenize = \"{FTS_TOKENIZER}\")")
        self.db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")

    def load(self, rows) -> None:
        self.db.execute("INSERT INTO t(t) VALUES ('delete-all')")
        self.db.executemany("INSERT INTO t (rowid, body, breadcrumb, idents) VALUES (?, ?, ?, ?)", rows)


_LOCAL = _Tokenizer()

_COL = "CASE col WHEN 'body' THEN 0 WHEN 'breadcrumb' THEN 1 ELSE 2 END"


def postings(rows: list[tuple[int, str, str, str]]) -> tuple[list[Posting], dict[int, int]]:
    """The postings of ``rows`` (rowid, body, breadcrumb, idents) and each row's length
    in tokens over all columns (bm25's document length)."""
    tok = _LOCAL
    tok.load(rows)
    out = [Posting(r, term, (b, c, i), "{" + pos + "}") for r, term, b, c, i, pos in tok.db.execute(
        f"SELECT doc, term, sum(col = 'body'), sum(col = 'breadcrumb'), sum(col = 'idents'), "
        f"group_concat(offset * {POSITION_STRIDE} + {_COL}) FROM v GROUP BY doc, term")]
    lengths = dict(tok.db.execute("SELECT doc, count(*) FROM v GROUP BY doc"))
    tok.load([])
    return out, {r[0]: lengths.get(r[0], 0) for r in rows}


def tokens(text: str) -> list[str]:
    """The index terms of ``text``, in order (a query phrase's terms)."""
    tok = _LOCAL
    tok.load([(1, text, "", "")])
    out = [t for t, in tok.db.execute("SELECT term FROM v ORDER BY offset")]
    tok.load([])
    return out
