"""Words as the lexical index holds them: FTS5's own tokenizer and Porter stemmer
(:data:`lode.store.schema.FTS_TOKENIZER`), run on an in-memory contentless FTS5 table
with the index's columns and read back through ``fts5vocab``. A Python stemmer does not
agree with FTS5's Porter on every word (Snowball's gives ``is`` → ``i``, ``technology``
→ ``technologi``), and a word looked up under another stem than the index's finds no
documents. The search's query words (:func:`index_terms`) and the PostgreSQL store's
postings (:mod:`.postgres.fts_tokens`) both go through it. One table per thread (a
sqlite3 connection is not shared).
"""

from __future__ import annotations

import sqlite3
import threading

from .schema import FTS_TOKENIZER


class Tokenizer(threading.local):
    def __init__(self):
        self.db = sqlite3.connect(":memory:", isolation_level=None)
        self.db.execute("CREATE VIRTUAL TABLE t USING fts5(body, breadcrumb, idents, content='', "
                        f"tokenize = \"{FTS_TOKENIZER}\")")
        self.db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")

    def load(self, rows) -> None:
        """Replace the table's rows with ``rows`` (rowid, body, breadcrumb, idents)."""
        self.db.execute("INSERT INTO t(t) VALUES ('delete-all')")
        self.db.executemany("INSERT INTO t (rowid, body, breadcrumb, idents) VALUES (?, ?, ?, ?)", rows)


TOKENIZER = Tokenizer()


def index_terms(words: list[str]) -> dict[str, str]:
    """Each word's term in the index: the stem of its first token (a word that makes no
    token, all punctuation, maps to itself lower-cased)."""
    TOKENIZER.load([(i, w, "", "") for i, w in enumerate(words, 1)])
    first: dict[int, str] = {}
    for doc, term in TOKENIZER.db.execute("SELECT doc, term FROM v ORDER BY doc, offset"):
        first.setdefault(doc, term)
    TOKENIZER.load([])
    return {w: first.get(i, w.lower()) for i, w in enumerate(words, 1)}
