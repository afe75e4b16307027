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

from ..schema import FTS_TOKENIZER

COLUMNS = ("body", "breadcrumb", "idents")  # the FTS5 table's columns, in order
POSITION_STRIDE = len(COLUMNS)   # a stored position is offset * stride + column


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


def postings(rows: list[tuple[int, str, str, str]], workspace_id: int,
             skip: str) -> tuple[str, dict[int, int], dict[str, int]]:
    """The postings of ``rows`` (rowid, body, breadcrumb, idents) as the text of a
    ``COPY fts_postings (term, workspace_id, chunk_id, tf_body, tf_breadcrumb, tf_idents,
    len, pos)``, each row's length in tokens over all columns (bm25's D), and the rows
    holding each term; the term ``skip`` is left out. The lines are made by SQLite (no
    Python object per posting); a term has no tab, newline or backslash (those separate
    tokens), so it needs no escaping."""
    tok = _LOCAL
    tok.load(rows)
    db = tok.db
    db.execute("DROP TABLE IF EXISTS temp.g")
    db.execute("CREATE TEMP TABLE g AS SELECT doc, term, sum(col = 'body') AS b, sum(col = 'breadcrumb') AS c, "
               f"sum(col = 'idents') AS i, group_concat(offset * {POSITION_STRIDE} + {_COL}) AS pos "
               "FROM v GROUP BY doc, term")
    lengths = dict(db.execute("SELECT doc, sum(b + c + i) FROM g GROUP BY doc"))
    text = db.execute(
        "SELECT group_concat(g.term || char(9) || ?1 || char(9) || g.doc || char(9) || g.b || char(9) || g.c "
        "|| char(9) || g.i || char(9) || l.n || char(9) || '{' || g.pos || '}', char(10)) "
        "FROM g JOIN (SELECT doc, sum(b + c + i) AS n FROM g GROUP BY doc) l USING (doc) WHERE g.term <> ?2",
        (workspace_id, skip)).fetchone()[0]
    docs = dict(db.execute("SELECT term, count(*) FROM g WHERE term <> ? GROUP BY term", (skip,)))
    db.execute("DROP TABLE temp.g")
    tok.load([])
    return (text + "\n" if text else ""), {r[0]: lengths.get(r[0], 0) for r in rows}, docs


def tokens(text: str) -> list[str]:
    """The index terms of ``text``, in order (a query phrase's terms)."""
    tok = _LOCAL
    tok.load([(1, text, "", "")])
    out = [t for t, in tok.db.execute("SELECT term FROM v ORDER BY offset")]
    tok.load([])
    return out
