"""Lexical candidates: FTS5 BM25 over chunk bodies, breadcrumbs (path, scope, signature
and their identifier parts) and body identifier parts, Porter-stemmed.

Candidate generation must not starve: a description's content words are OR-ed (BM25
rewards chunks that hold more of them, and rarer ones), so a chunk that lacks one word
of five is still found. Stopwords stay out unless the query has nothing else. A long
pasted text keeps the words of its first line (its title), then its rarest, up to
:data:`MAX_TERMS`. The candidates are read only from the searched workspaces' rows (their
scope tokens in the index). Definitions named like the query
(or like an identifier inside it) are fetched by name as well, so a definition is a
candidate even when its identifier is used in thousands of other chunks. A query with
no words, or whose words are not indexed, falls back to a substring scan.

Ranking the candidates is :mod:`.ranking`'s job.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import snowballstemmer

from ..store.schema import scope_token
from .filters import Filters
from .query import Query, Term, fts_expression

_STEMMER = snowballstemmer.stemmer("porter")


def stem_word(word: str) -> str:
    return _STEMMER.stemWord(word)

# bm25 column weights: body, breadcrumb (path, scope, signature), body identifier parts.
WEIGHTS = (1.0, 2.0, 0.5)
CANDIDATES = 300          # FTS rows ranked by bm25 before the ranking stage
MAX_TERMS = 32            # words of a long query kept (the rarest)
NAMED = 50                # definitions fetched by name
SUBSTRING_SCAN_LIMIT = 2000
MAX_SUBSTRING_CHARS = 256  # LIKE patterns longer than this are cut (SQLite refuses huge ones)
# Words in more than this share of a large store's chunks carry little evidence and
# make bm25 score most of the index: they are dropped when rarer words remain.
COMMON_SHARE = 0.05
COMMON_MIN_CHUNKS = 20_000


@dataclass
class Candidate:
    id: int
    bm25: float            # positive, higher is better (0 for a definition fetched by name only)


def _bm25() -> str:
    return "bm25(chunks_fts, %s)" % ", ".join(str(w) for w in WEIGHTS)


@dataclass
class Scope:
    """Where a search looks. ``where``/``args``: a WHERE fragment over ``chunks c`` /
    ``files f`` (workspaces and filters), for queries that join those tables.
    ``narrow``: an FTS expression naming the workspaces by their scope tokens, so the
    index itself skips other workspaces' rows (None when every workspace is searched).
    ``filtered``: filters beyond workspaces exist, so FTS rows must be joined."""
    where: str
    args: list
    narrow: str | None
    filtered: bool


def _scope(db: sqlite3.Connection, workspace_ids: list[int], filters: Filters) -> Scope:
    where, args = filters.sql()
    total = db.execute("SELECT count(*) FROM workspaces").fetchone()[0]
    narrow = None
    if len(set(workspace_ids)) < total:
        narrow = "breadcrumb : (" + " OR ".join(f'"{scope_token(w)}"' for w in sorted(set(workspace_ids))) + ")"
    ws = f"f.workspace_id IN ({','.join('?' * len(workspace_ids))})"
    return Scope(" AND " + ws + where, list(workspace_ids) + args, narrow, bool(where))


def _fts(db: sqlite3.Connection, expr: str, scope: Scope, limit: int) -> list[Candidate]:
    if scope.narrow:
        expr = f"({expr}) AND {scope.narrow}"
    if scope.filtered:
        sql = (f"SELECT chunks_fts.rowid, {_bm25()} AS r FROM chunks_fts "
               "JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id "
               f"WHERE chunks_fts MATCH ?{scope.where} ORDER BY r LIMIT ?")
        return [Candidate(i, -r) for i, r in db.execute(sql, [expr, *scope.args, limit])]
    sql = f"SELECT rowid, {_bm25()} AS r FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY r LIMIT ?"
    return [Candidate(i, -r) for i, r in db.execute(sql, [expr, limit])]


def _vocab(db: sqlite3.Connection) -> None:
    db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_fts_vocab "
               "USING fts5vocab(main, chunks_fts, 'row')")


def doc_frequencies(db: sqlite3.Connection, tokens: list[str]) -> dict[str, int]:
    """Chunks holding each token, read from the FTS index's vocabulary (one indexed
    lookup per token). The index stores Porter stems; Snowball's Porter stemmer gives
    the same stems, so a token is looked up by its stem."""
    _vocab(db)
    stems = {tok: stem_word(tok.lower()) for tok in tokens}
    wanted = sorted(set(stems.values()))
    found: dict[str, int] = {}
    for i in range(0, len(wanted), 200):
        part = wanted[i:i + 200]
        found.update(db.execute(f"SELECT term, doc FROM temp.chunks_fts_vocab WHERE term IN "
                                f"({','.join('?' * len(part))})", part).fetchall())
    return {tok: found.get(stem, 0) for tok, stem in stems.items()}


def _total_chunks(db: sqlite3.Connection) -> int:
    return db.execute("SELECT max(rowid) FROM chunks_fts").fetchone()[0] or 0


def choose_terms(db: sqlite3.Connection, q: Query) -> tuple[tuple[Term, ...], dict]:
    """The terms the OR query uses: at most MAX_TERMS (the rarest), without very common
    words when rarer ones remain in a large store."""
    terms = q.content
    info: dict = {}
    total = _total_chunks(db)
    if len(terms) <= 1 or (len(terms) <= MAX_TERMS and total < COMMON_MIN_CHUNKS):
        return terms, info
    df = doc_frequencies(db, [t.key for t in terms])
    present = [t for t in terms if df.get(t.key, 0) > 0 or t.parts]
    # A pasted issue's first line is its title, the densest summary of what it is about:
    # its words are kept whatever their frequency; then the rarest words.
    title = set(q.title) if q.shape == "text" else set()
    ranked = sorted(present, key=lambda t: (t.key not in title, df.get(t.key, 0)))
    if total >= COMMON_MIN_CHUNKS:
        rare = [t for t in ranked if df.get(t.key, 0) <= COMMON_SHARE * total or t.key in title]
        if rare and len(rare) < len(ranked):
            info["dropped_common"] = [t.word for t in ranked if t not in rare][:10]
            ranked = rare
    if len(ranked) > MAX_TERMS:
        info["kept_terms"] = MAX_TERMS
        ranked = ranked[:MAX_TERMS]
    keep = set(id(t) for t in ranked)
    return tuple(t for t in terms if id(t) in keep) or terms, info


def _by_name(db: sqlite3.Connection, keys: list[str], scope: str, args: list) -> list[int]:
    if not keys:
        return []
    sql = ("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id "
           f"WHERE c.name_key IN ({','.join('?' * len(keys))}){scope} LIMIT {NAMED}")
    return [r[0] for r in db.execute(sql, [*keys, *args])]


def _substring(db: sqlite3.Connection, needle: str, scope: str, args: list, limit: int) -> list[Candidate]:
    """Chunks whose body contains ``needle`` (ASCII case-insensitive), for punctuation
    and partial-word queries that tokens cannot answer."""
    needle = needle[:MAX_SUBSTRING_CHARS]
    pattern = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    sql = ("SELECT chunks_fts.rowid FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid "
           "JOIN files f ON f.id = c.file_id "
           f"WHERE chunks_fts.body LIKE ? ESCAPE '\\'{scope} LIMIT ?")
    return [Candidate(r[0], 1.0) for r in db.execute(sql, [pattern, *args, limit])]


def _name_keys(q: Query) -> list[str]:
    """Identifiers worth fetching by name: the query's identifier, else its compound
    words (``how does StateManager persist`` → ``statemanager``)."""
    if q.identifier:
        return [q.identifier]
    keys = [d.rsplit(".", 1)[-1] for d in q.dotted]
    keys += [t.key for t in q.content if t.parts]
    return list(dict.fromkeys(keys))[:8]


def retrieve(db: sqlite3.Connection, q: Query, workspace_ids: list[int], filters: Filters,
             limit: int) -> tuple[list[Candidate], dict]:
    """Candidates (best bm25 first, then name matches) and notes on how they were found."""
    info: dict = {"strategy": "or"}
    if not workspace_ids:
        return [], info
    scope = _scope(db, workspace_ids, filters)
    want = max(CANDIDATES, limit * 4)
    found: list[Candidate] = []
    terms, notes = choose_terms(db, q)
    info.update(notes)
    expr = fts_expression(q, "OR", terms)
    if expr:
        found = _fts(db, expr, scope, want)
    if not found and q.raw.strip():
        info["strategy"] = "substring"
        needle = q.phrases[0].text if q.phrases and not q.terms else q.raw.strip().strip('"')
        if needle.strip():
            found = _substring(db, needle, scope.where, scope.args, min(want, SUBSTRING_SCAN_LIMIT))
    by_id = {c.id: c for c in found}
    named = [i for i in _by_name(db, _name_keys(q), scope.where, scope.args) if i not in by_id]
    if named and expr:
        marks = ",".join("?" * len(named))
        for i, r in db.execute(f"SELECT rowid, {_bm25()} FROM chunks_fts WHERE chunks_fts MATCH ? "
                               f"AND rowid IN ({marks})", [expr, *named]):
            by_id[i] = Candidate(i, -r)
    for i in named:
        by_id.setdefault(i, Candidate(i, 0.0))
    return list(by_id.values()), info


def reexports(db: sqlite3.Connection, q: Query, workspace_ids: list[int]) -> list[int]:
    """Chunks where the identifier a query names is re-exported (`pub use`, `export …
    from`, a package's `from ._impl import X`), from the symbol index's re-export links:
    when nothing in the workspace defines a name, that is its public face."""
    ident = q.identifier
    if ident is None or not q.terms:
        return []
    word = q.terms[-1].word if not q.dotted else q.dotted[0].rsplit(".", 1)[-1]
    rev = word[::-1] + "."
    marks = ",".join("?" * len(workspace_ids))
    try:
        links = db.execute(
            "SELECT l.file_id, l.line FROM symbol_links l JOIN files f ON f.id = l.file_id "
            f"WHERE l.rname >= ? AND l.rname < ? AND f.workspace_id IN ({marks}) LIMIT 20",
            [rev, rev[:-1] + "/", *workspace_ids]).fetchall()
    except sqlite3.OperationalError:  # a store without the symbol tables
        return []
    out = []
    for file_id, line in links:
        row = db.execute("SELECT id FROM chunks WHERE file_id = ? AND line_start <= ? AND line_end >= ? "
                         "ORDER BY ord LIMIT 1", (file_id, line + 1, line + 1)).fetchone()
        if row:
            out.append(row[0])
    return list(dict.fromkeys(out))
