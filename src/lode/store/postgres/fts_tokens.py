"""Tokens exactly as the SQLite store's FTS5 index makes them, for the PostgreSQL store's
lexical index: the two stores must rank alike, so the tokenizer *is* FTS5
(:mod:`lode.store.stems`), its rows read back as postings.
"""

from __future__ import annotations

from ..stems import TOKENIZER as _LOCAL

COLUMNS = ("body", "breadcrumb", "idents")  # the FTS5 table's columns, in order
POSITION_STRIDE = len(COLUMNS)   # a stored position is offset * stride + column
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
