"""Query words are looked up in the index's vocabulary under FTS5's own terms."""

from __future__ import annotations

import sqlite3

from lode.store.schema import FTS_TOKENIZER
from lode.store.stems import index_terms

WORDS = ["technology", "is", "possibly", "Compression", "compressed", "reclaim_vectors", "Café", "::",
         "ServeHTTP", "x" * 70]


def _fts5(word: str) -> str | None:
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE t USING fts5(w, tokenize = \"{FTS_TOKENIZER}\")")
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    db.execute("INSERT INTO t (w) VALUES (?)", (word,))
    row = db.execute("SELECT term FROM v ORDER BY offset LIMIT 1").fetchone()
    return row[0] if row else None


def test_each_word_maps_to_the_term_fts5_indexes_it_under():
    got = index_terms(WORDS)
    for w in WORDS:
        assert got[w] == (_fts5(w) or w.lower()), w
    assert got["technology"] == "technolog" and got["is"] == "is"      # where Snowball's Porter differs
    assert got["Compression"] == got["compressed"] == "compress"


def test_the_table_is_emptied_between_calls():
    assert index_terms(["alpha"]) == {"alpha": "alpha"}
    assert index_terms(["beta"]) == {"beta": "beta"}
    assert index_terms([]) == {}
