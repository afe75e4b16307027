"""Words as the lexical index holds them: FTS5's own tokenizer and Porter stemmer
(:data:`lode.store.schema.FTS_TOKENIZER`), run on an in-memory contentless FTS5 table
and read back through ``fts5vocab``. A Python stemmer does not agree with FTS5's Porter
on every word (Snowball's gives ``is`` → ``i``, ``technology`` → ``technologi``), and a
word looked up under another stem than the index's finds no documents. One table per
thread (a sqlite3 connection is not shared).
"""

from __future__ import annotations

import sqlite3
import threading

from .schema import FTS_TOKENIZER


class _Stemmer(threading.local):
    def __init__(self):
        self.db = sqlite3.connect(":memory:", isolation_level=None)
        self.db.execute(f"CREATE VIRTUAL TABLE t USING fts5(w, content='', tokenize = \"{FTS_TOKENIZER}\")")
        self.db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")


_LOCAL = _Stemmer()


def index_terms(words: list[str]) -> dict[str, str]:
    """Each word's term in the index: the stem of its first token (a word that makes no
    token, all punctuation, maps to itself lower-cased)."""
    db = _LOCAL.db
    db.executemany("INSERT INTO t (rowid, w) VALUES (?, ?)", list(enumerate(words, 1)))
    first: dict[int, str] = {}
    for doc, term in db.execute("SELECT doc, term FROM v ORDER BY doc, offset"):
        first.setdefault(doc, term)
    db.execute("INSERT INTO t (t) VALUES ('delete-all')")
    return {w: first.get(i, w.lower()) for i, w in enumerate(words, 1)}
