"""Lexical retrieval: FTS5 over chunk bodies, breadcrumbs and identifier parts, ranked
by bm25 and then code-aware tiers (computed in :mod:`.engine`, which sees names):

- tier 3: the chunk defines the identifier exactly as typed (case included);
- tier 2: the chunk *defines* the identifier the query names (its name's last part,
  or its whole dotted name, equals the query, or the query's words spell its parts),
  or is a definition containing a quoted literal verbatim;
- tier 1: the chunk's name is one of the query's words;
- within a tier, bm25 (breadcrumb weighted above body, identifier parts below).

Definitions named like the query are fetched by name as well as by FTS, so a
definition is first even when its identifier is used in thousands of other chunks.
When all-terms (AND) finds nothing, any-term (OR) is tried; when the query has no
words at all or tokens find nothing, a substring scan over bodies runs.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from .filters import Filters
from .query import Query, fts_expression

# bm25 column weights: body, breadcrumb, idents.
WEIGHTS = (1.0, 2.0, 0.5)
CANDIDATES = 200          # FTS rows considered before tiers re-rank them
SUBSTRING_SCAN_LIMIT = 2000
# When every word of a query is in more chunks than this, ranking all matches by bm25
# costs hundreds of ms on a 2M-line tree; the first COMMON_SAMPLE matches are ranked
# instead (definitions named like the query are still fetched by name).
COMMON_DOCS = 15_000
COMMON_SAMPLE = 3_000


@dataclass
class Candidate:
    id: int
    bm25: float            # positive, higher is better
    tier: int = 0


def _bm25() -> str:
    return "bm25(chunks_fts, %s)" % ", ".join(str(w) for w in WEIGHTS)


def _scope(workspace_ids: list[int], filters: Filters) -> tuple[str, list]:
    where, args = filters.sql()
    ws = f"f.workspace_id IN ({','.join('?' * len(workspace_ids))})"
    return " AND " + ws + where, list(workspace_ids) + args


def _fts(db: sqlite3.Connection, expr: str, scope: str, args: list, limit: int,
         sample: int | None = None) -> list[Candidate]:
    if sample:
        sql = (f"SELECT chunks_fts.rowid, {_bm25()} AS r FROM chunks_fts "
               "JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id "
               f"WHERE chunks_fts MATCH ?{scope} LIMIT ?")
        rows = sorted(db.execute(sql, [expr, *args, sample]), key=lambda r: r[1])[:limit]
        return [Candidate(i, -r) for i, r in rows]
    sql = (f"SELECT chunks_fts.rowid, {_bm25()} AS r FROM chunks_fts "
           "JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id "
           f"WHERE chunks_fts MATCH ?{scope} ORDER BY r LIMIT ?")
    return [Candidate(i, -r) for i, r in db.execute(sql, [expr, *args, limit])]


def _doc_frequency(db: sqlite3.Connection, token: str) -> int:
    """Chunks containing ``token`` in any column (from the FTS index, no scan)."""
    db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_fts_vocab "
               "USING fts5vocab(main, chunks_fts, 'row')")
    row = db.execute("SELECT doc FROM temp.chunks_fts_vocab WHERE term = ?", (token,)).fetchone()
    return row[0] if row else 0


def _all_common(db: sqlite3.Connection, q: Query) -> bool:
    if not q.terms or q.phrases:
        return False
    return min(_doc_frequency(db, t.key) for t in q.terms) > COMMON_DOCS


def _by_name(db: sqlite3.Connection, q: Query, scope: str, args: list) -> list[int]:
    key = q.identifier
    if not key:
        return []
    sql = ("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id "
           f"WHERE c.name_key = ?{scope} LIMIT 50")
    return [r[0] for r in db.execute(sql, [key, *args])]


def _substring(db: sqlite3.Connection, needle: str, scope: str, args: list, limit: int) -> list[Candidate]:
    """Chunks whose body contains ``needle`` (ASCII case-insensitive), for punctuation
    and partial-word queries that tokens cannot answer."""
    pattern = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    sql = ("SELECT chunks_fts.rowid FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid "
           "JOIN files f ON f.id = c.file_id "
           f"WHERE chunks_fts.body LIKE ? ESCAPE '\\'{scope} LIMIT ?")
    return [Candidate(r[0], 1.0) for r in db.execute(sql, [pattern, *args, limit])]


def retrieve(db: sqlite3.Connection, q: Query, workspace_ids: list[int], filters: Filters,
             limit: int) -> tuple[list[Candidate], dict]:
    """Ranked candidates (best first) and notes on how they were found."""
    info = {"strategy": "and"}
    if not workspace_ids:
        return [], info
    scope, args = _scope(workspace_ids, filters)
    want = max(CANDIDATES, limit * 4)
    found: list[Candidate] = []
    expr = fts_expression(q, "AND")
    if expr:
        sample = COMMON_SAMPLE if _all_common(db, q) else None
        if sample:
            info["sampled"] = sample
        found = _fts(db, expr, scope, args, want, sample)
        if not found and len(q.terms) + len(q.phrases) > 1:
            info["strategy"] = "or"
            found = _fts(db, fts_expression(q, "OR"), scope, args, want, sample)
    if not found and q.raw.strip():
        info["strategy"] = "substring"
        needle = q.phrases[0].text if q.phrases and not q.terms else q.raw.strip().strip('"')
        if needle:
            found = _substring(db, needle, scope, args, min(want, SUBSTRING_SCAN_LIMIT))
    by_id = {c.id: c for c in found}
    named = [i for i in _by_name(db, q, scope, args) if i not in by_id]
    if named and expr and "sampled" not in info:
        # Score the name matches with the same bm25 so they sort among themselves (FTS5
        # cannot seek by rowid inside a MATCH, so this is skipped for very common words).
        marks = ",".join("?" * len(named))
        for i, r in db.execute(f"SELECT rowid, {_bm25()} FROM chunks_fts WHERE chunks_fts MATCH ? "
                               f"AND rowid IN ({marks})", [expr, *named]):
            by_id[i] = Candidate(i, -r)
    for i in named:
        by_id.setdefault(i, Candidate(i, 0.0))
    return list(by_id.values()), info
