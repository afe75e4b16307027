"""The PostgreSQL store's lexical index: FTS5's bm25 over postings tables, so a search
ranks a PostgreSQL store's chunks as the SQLite store's FTS5 index ranks them.

Tables (filled by a batch writer from each chunk's body, labels + workspace token and
identifier parts, tokenized by FTS5 itself: :mod:`.fts_tokens`):

- ``fts_postings``: (term, workspace, chunk) with the term's count in each column, its
  positions (for phrases) and the chunk's length in tokens (bm25's D, kept here so
  scoring reads nothing else);
- ``fts_docs``: each chunk's length; ``fts_totals``: rows and tokens per workspace
  (bm25's N and average length, summed over the store as FTS5 does);
- ``fts_vocab``: chunks holding each term per workspace (fts5vocab's ``doc``, and
  bm25's n(q) for a term searched in every column).

Each workspace's rows are its own, so indexers of different workspaces never touch
the same rows. Deleting chunks (a changed file's, through ``ON DELETE CASCADE``)
fires a statement trigger that removes their postings and lowers the counts, whoever
deletes them.

Scoring (:meth:`PgLexicalIndex.rank`) is FTS5's ``bm25()`` (fts5_aux.c) for the expression
forms lode writes (:mod:`.fts_query`): for each phrase i of the expression, n_i = rows
of the whole store matching it, idf_i = ln((N - n_i + 0.5) / (n_i + 0.5)) (1e-6 when
not positive), f_i = Σ column weight × hits in the row, and
score = Σ idf_i · f_i(k1 + 1) / (f_i + k1(1 - b + b·D/avgdl)), k1 = 1.2, b = 0.75.
A phrase counts in a row only when every AND above it matches there (FTS5 reads a
phrase's hits only while its AND's iterators sit on the row). The workspace scope
tokens (``lodews<id>``, one per row's breadcrumb) are not stored as postings: a row
holds its own workspace's token once, in the breadcrumb, and n is the workspace's rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..chunk_row import BODY, BREADCRUMB, IDENTS, LABELS
from ..schema import scope_token
from .fts_query import Phrase, parse
from .fts_tokens import POSITION_STRIDE, postings
from .hooks import batch_writer
from .migrations import migration, run_script

if TYPE_CHECKING:
    from ..chunks import ChunkFilter

K1 = 1.2
B = 0.75
MIN_IDF = 1e-6          # FTS5's floor for a term in more than half the rows
_SCOPE = re.compile(r"lodews(\d+)$")
assert _SCOPE.match(scope_token(7))


@migration("0300_fts")
def _fts(cur):
    run_script(cur, """
    CREATE TABLE fts_postings (
        chunk_id BIGINT NOT NULL,
        term_key BIGINT GENERATED ALWAYS AS (hashtextextended(term, 0)) STORED,
        workspace_id INTEGER NOT NULL,
        len INTEGER NOT NULL,
        tf_body INTEGER NOT NULL,
        tf_breadcrumb INTEGER NOT NULL,
        tf_idents INTEGER NOT NULL,
        term TEXT COLLATE "C" NOT NULL,
        pos INTEGER[] NOT NULL
    );
    -- (term, workspace) only: equal keys share one index entry (B-tree deduplication),
    -- a third of the size of an entry per posting.
    CREATE INDEX fts_postings_term ON fts_postings (term_key, workspace_id);
    CREATE INDEX fts_postings_chunk ON fts_postings (chunk_id);
    CREATE TABLE fts_docs (
        chunk_id BIGINT PRIMARY KEY,
        workspace_id INTEGER NOT NULL,
        len INTEGER NOT NULL
    );
    CREATE TABLE fts_totals (
        workspace_id INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
        rows BIGINT NOT NULL,
        tokens BIGINT NOT NULL
    );
    CREATE TABLE fts_vocab (
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        term TEXT COLLATE "C" NOT NULL,
        docs INTEGER NOT NULL,
        term_key BIGINT GENERATED ALWAYS AS (hashtextextended(term, 0)) STORED,
        UNIQUE (term_key, workspace_id)
    )
    """)
    # One statement each: the function's body holds semicolons (run_script splits on them).
    cur.execute("""
    CREATE FUNCTION fts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        WITH gone AS (DELETE FROM fts_postings p USING old_chunks o WHERE p.chunk_id = o.id
                      RETURNING p.workspace_id, p.term_key)
        UPDATE fts_vocab v SET docs = v.docs - g.n
          FROM (SELECT workspace_id, term_key, count(*) AS n FROM gone GROUP BY 1, 2) g
         WHERE v.term_key = g.term_key AND v.workspace_id = g.workspace_id;
        WITH gone AS (DELETE FROM fts_docs d USING old_chunks o WHERE d.chunk_id = o.id
                      RETURNING d.workspace_id, d.len)
        UPDATE fts_totals t SET rows = t.rows - g.n, tokens = t.tokens - g.s
          FROM (SELECT workspace_id, count(*) AS n, sum(len) AS s FROM gone GROUP BY 1) g
         WHERE t.workspace_id = g.workspace_id;
        RETURN NULL;
    END $$""")
    cur.execute("""
    CREATE TRIGGER chunks_fts_forget AFTER DELETE ON chunks REFERENCING OLD TABLE AS old_chunks
        FOR EACH STATEMENT EXECUTE FUNCTION fts_forget()
    """)


def fts_row(workspace_id: int, chunk_id: int, chunk: tuple) -> tuple[int, str, str, str]:
    """What the SQLite store's FTS5 row of a chunk (a row, lode.store.chunk_row) holds (Store.write_batch)."""
    return (chunk_id, chunk[BODY], f"{chunk[LABELS] or chunk[BREADCRUMB]} {scope_token(workspace_id)}",
            chunk[IDENTS])


@batch_writer
def _index(cur, workspace_id: int, written) -> None:
    """Postings, lengths and counts of the batch's chunks (one COPY per table)."""
    rows = [fts_row(workspace_id, cid, c) for w in written for cid, c in zip(w.chunk_ids, w.record.chunks)]
    if rows:
        add_rows(cur, workspace_id, rows)


def add_rows(cur, workspace_id: int, rows: list[tuple[int, str, str, str]]) -> None:
    """Index FTS rows (chunk id, body, breadcrumb, idents) of one workspace. The scope
    token every row holds is not stored: it is scored from ``fts_totals``."""
    text, lengths, docs = postings(rows, workspace_id, scope_token(workspace_id))
    with cur.copy("COPY fts_postings (term, workspace_id, chunk_id, tf_body, tf_breadcrumb, tf_idents, len, pos)"
                  " FROM STDIN") as copy:
        copy.write(text.encode())
    with cur.copy("COPY fts_docs (chunk_id, workspace_id, len) FROM STDIN") as copy:
        for cid, n in lengths.items():
            copy.write_row((cid, workspace_id, n))
    terms = sorted(docs)
    cur.execute("INSERT INTO fts_vocab (workspace_id, term, docs) SELECT %s, t, n FROM unnest(%s::text[], %s::int[])"
                " AS x(t, n) ON CONFLICT (term_key, workspace_id) DO UPDATE SET docs = fts_vocab.docs + excluded.docs",
                (workspace_id, terms, [docs[t] for t in terms]))
    cur.execute("INSERT INTO fts_totals (workspace_id, rows, tokens) VALUES (%s, %s, %s) ON CONFLICT (workspace_id)"
                " DO UPDATE SET rows = fts_totals.rows + excluded.rows, tokens = fts_totals.tokens + excluded.tokens",
                (workspace_id, len(lengths), sum(lengths.values())))


# -- scoring ---------------------------------------------------------------------------

_TF = ("tf_body", "tf_breadcrumb", "tf_idents")
# A term is found by its 64-bit hash (a term can be longer than a B-tree key may be:
# minified code, base64 in test data), then compared whole.
_TERM = "{0}.term_key = hashtextextended(%s, 0) AND {0}.term = %s"


def _cols(p: Phrase) -> tuple[int, ...]:
    return tuple(sorted(p.columns)) if p.columns is not None else (0, 1, 2)


def _scope_of(p: Phrase) -> int | None:
    """The workspace a scope-token phrase names (None for any other phrase)."""
    if len(p.terms) == 1 and 1 in _cols(p):
        m = _SCOPE.match(p.terms[0])
        if m:
            return int(m.group(1))
    return None


def _hits_sql(p: Phrase, weights, workspace_ids: list[int] | None = None,
              ids: list[int] | None = None, rare: str | None = None) -> tuple[str, list]:
    """(chunk_id, workspace_id, len, f) of the rows phrase ``p`` matches (of these
    workspaces and chunks, when given)."""
    cols = _cols(p)
    scope, scope_args = "", []
    if workspace_ids is not None:
        scope += " AND p0.workspace_id = ANY(%s)"
        scope_args.append(list(workspace_ids))
    if ids is not None:
        scope += " AND p0.chunk_id = ANY(%s)"
        scope_args.append(list(ids))
    if len(p.terms) == 1:
        f = " + ".join(f"{weights[c]!r}::float8 * p0.{_TF[c]}" for c in cols)
        has = " OR ".join(f"p0.{_TF[c]} > 0" for c in cols)
        return (f"SELECT p0.chunk_id, p0.workspace_id, p0.len, {f} FROM fts_postings p0"
                f" WHERE {_TERM.format('p0')}{scope}" + ("" if len(cols) == 3 else f" AND ({has})"),
                [p.terms[0], p.terms[0], *scope_args])
    # A phrase of k terms: every position of each term i, moved back by i, is a start;
    # a start all k terms reach is a hit (one pass over the terms' postings, not a k-way
    # join, whose planning alone took seconds for a pasted path of 15 words).
    values = ", ".join("(%s, %s::text)" for _ in p.terms)
    args = [v for i, term in enumerate(p.terms) for v in (i, term)]
    whens = " ".join(f"WHEN {c} THEN {weights[c]!r}::float8" for c in cols)
    colcond = "" if len(cols) == 3 else f" AND z.s %% {POSITION_STRIDE} IN ({','.join(map(str, cols))})"
    # Only the rows holding the phrase's rarest term can match: they are found first,
    # and the other terms' postings are read by chunk (a short list each).
    rows = (f"(SELECT DISTINCT p0.chunk_id FROM fts_postings p0 WHERE {_TERM.format('p0')}{scope})"
            if rare is not None else None)
    source = (f"{rows} AS rc JOIN fts_postings p ON p.chunk_id = rc.chunk_id "
              "JOIN (VALUES {values}) AS q(i, term) ON p.term_key = hashtextextended(q.term, 0) AND p.term = q.term"
              if rows else
              "(VALUES {values}) AS q(i, term) JOIN fts_postings p ON p.term_key = hashtextextended(q.term, 0) "
              "AND p.term = q.term").replace("{values}", values)
    where = "" if rows else scope.replace("p0.", "p.")
    sql = (f"SELECT chunk_id, workspace_id, min(len), sum(CASE s %% {POSITION_STRIDE} {whens} END) FROM ("
           f"SELECT p.chunk_id, p.workspace_id, min(p.len) AS len, z.s FROM {source} "
           f"CROSS JOIN unnest(p.pos) AS x CROSS JOIN LATERAL (SELECT x - q.i * {POSITION_STRIDE} AS s) z "
           f"WHERE true{where}{colcond} GROUP BY p.chunk_id, p.workspace_id, z.s "
           f"HAVING count(DISTINCT q.i) = {len(p.terms)}) hits GROUP BY chunk_id, workspace_id")
    if rows:
        return sql, [rare, rare, *scope_args, *args]
    return sql, [*args, *scope_args]


@dataclass(frozen=True)
class PgScope:
    """Where a search looks (made by :meth:`PgLexicalIndex.scope`, read only here):
    ``narrow`` when some workspaces of the store are left out (the SQLite store then
    adds their scope tokens to the expression, which bm25 scores), ``where``/``args``
    the filter over ``chunks c`` / ``files f``, ``path_ok`` the glob predicate applied
    to the rows it returns."""
    workspace_ids: list[int]
    narrow: str | None
    where: str
    args: list
    path_ok: object = None


def _like_prefix(p: str) -> str:
    return p.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def filter_sql(f: ChunkFilter) -> tuple[str, list]:
    """``f`` (but its path predicate) as a WHERE fragment over ``files f`` and
    ``chunks c`` (starting with AND, or empty) and its parameters. A path prefix
    matches ASCII case-insensitively, as SQLite's LIKE does."""
    where, args = [], []
    if f.paths and "" not in f.paths:
        where.append("(" + " OR ".join(["(f.path = %s OR f.path ILIKE %s)"] * len(f.paths)) + ")")
        for p in f.paths:
            args += [p, _like_prefix(p) + "/%"]
    for column, values in (("f.tag", f.tags), ("f.language", f.languages), ("c.kind", f.kinds)):
        if values:
            where.append(f"{column} = ANY(%s)")
            args.append(list(values))
    return "".join(" AND " + w for w in where), args


class PgLexicalIndex:
    """:class:`lode.store.fts.LexicalIndex`'s queries on a PostgreSQL store: bm25
    candidates, vocabulary, names, substring scans, bodies. Reached as ``store.fts``."""

    def __init__(self, store):
        self.store = store

    def scope(self, workspace_ids: list[int], f: ChunkFilter) -> PgScope:
        where, args = filter_sql(f)
        total = self.store._one("SELECT count(*) FROM workspaces")[0]
        narrow = None
        if len(set(workspace_ids)) < total:
            narrow = "breadcrumb : (" + " OR ".join(f'"{scope_token(w)}"' for w in sorted(set(workspace_ids))) + ")"
        return PgScope(list(workspace_ids), narrow, where, args, f.path_ok)

    def bm25(self, expr: str, scope: PgScope, limit: int, weights: tuple[float, ...]) -> list[tuple[int, float]]:
        """(chunk id, bm25) of the ``limit`` best matches of ``expr`` in scope, best
        first; bm25 is positive, higher is better. ``weights``: body, breadcrumb, idents."""
        if scope.narrow:
            expr = f"({expr}) AND {scope.narrow}"
        if scope.path_ok is None:
            return self.rank(expr, weights, scope.workspace_ids, limit, where=scope.where, args=scope.args)
        ranked = self.rank(expr, weights, scope.workspace_ids, None, where=scope.where, args=scope.args, paths=True)
        return [(i, s) for i, s, path in ranked if scope.path_ok(path)][:limit]

    def bm25_of(self, expr: str, ids: list[int], weights: tuple[float, ...]) -> list[tuple[int, float]]:
        """(chunk id, bm25) of those of ``ids`` that match ``expr``."""
        return self.rank(expr, weights, None, None, ids=ids)

    def rank(self, expr: str, weights: tuple[float, ...], workspace_ids: list[int] | None, limit: int | None, *,
             ids: list[int] | None = None, where: str = "", args: list | None = None,
             paths: bool = False) -> list[tuple]:
        """(chunk id, bm25[, path]) of the rows matching ``expr`` (an FTS5 MATCH
        expression, :mod:`.fts_query`; ``weights``: body, breadcrumb, idents) in
        ``workspace_ids`` (None: all) and ``ids``
        (None: all), best first (ties by id), positive as ``-bm25(chunks_fts, *weights)``
        in SQLite. ``where``/``args``: a fragment over ``chunks c`` and ``files f``.

        One statement (one round trip, one snapshot): the store's totals, each phrase's
        n and idf, the hits and their scores."""
        root, phrases = parse(expr)
        long_terms = sorted({t for p in phrases if len(p.terms) > 1 for t in p.terms})
        docs = self.doc_frequencies(long_terms) if long_terms else {}
        counts, count_args = {}, []      # n of each distinct phrase, as a scalar subquery
        parts, hit_args, fexpr, same = [], [], {}, {}
        for p in phrases:
            scope = _scope_of(p)
            # A pasted text repeats phrases (a path in every traceback line): each distinct
            # phrase is counted and matched once; FTS5 scores every repeat, so do we.
            first = same.setdefault((p.terms, _cols(p)), p.index)
            if first != p.index:
                fexpr[p.index] = fexpr[first]
            elif not p.terms or (len(p.terms) > 1 and min(docs.get(t, 0) for t in p.terms) == 0):
                counts[first] = "0"   # (a phrase with a term no chunk holds matches nothing)
                fexpr[p.index] = "NULL::float8"
            elif scope is not None:
                counts[first] = f"(SELECT coalesce(sum(rows), 0) FROM fts_totals WHERE workspace_id = {scope})"
                fexpr[p.index] = f"(CASE WHEN a.ws = {scope} THEN {float(weights[1])!r}::float8 END)"
            else:
                if len(p.terms) == 1 and len(_cols(p)) == 3:
                    counts[first] = f"(SELECT coalesce(sum(docs), 0) FROM fts_vocab v WHERE {_TERM.format('v')})"
                    count_args += [p.terms[0], p.terms[0]]
                else:
                    rare = min(p.terms, key=lambda t: docs.get(t, 0)) if len(p.terms) > 1 else None
                    sql, a = _hits_sql(p, weights, rare=rare)
                    counts[first] = f"(SELECT count(*) FROM ({sql}) h)"
                    count_args += a
                rare = min(p.terms, key=lambda t: docs.get(t, 0)) if len(p.terms) > 1 else None
                sql, a = _hits_sql(p, weights, workspace_ids, ids, rare)
                parts.append(f"SELECT h.*, {p.index} FROM ({sql}) h")
                hit_args += a
                fexpr[p.index] = f"a.f{p.index}"
        if not parts:
            return []
        # FTS5: idf = ln((N - n + 0.5) / (n + 0.5)), at least MIN_IDF; avgdl = tokens / N.
        ns = ", ".join(f"{c}::float8 AS n{i}" for i, c in counts.items())
        idfs = ", ".join(f"CASE WHEN ln((t.n - c.n{i} + 0.5) / (c.n{i} + 0.5)) > 0 THEN "
                         f"ln((t.n - c.n{i} + 0.5) / (c.n{i} + 0.5)) ELSE {MIN_IDF!r} END AS i{i}"
                         for i in counts)
        sums = ", ".join(f"sum(f) FILTER (WHERE ph = {p.index}) AS f{p.index}" for p in phrases
                         if fexpr[p.index] == f"a.f{p.index}")
        norm = f"({K1!r}::float8 * (1 - {B!r}::float8 + {B!r}::float8 * a.d / t.avgdl))"
        terms = []
        for p in phrases:
            f = fexpr[p.index]
            i = same[(p.terms, _cols(p))]
            terms.append(f"coalesce(CASE WHEN {_live(root, p, fexpr)} THEN idf.i{i} * ({f} * {K1 + 1!r}::float8)"
                         f" / ({f} + {norm}) END, 0::float8)")
        join = where or paths
        sql = ("WITH t AS MATERIALIZED (SELECT sum(rows)::float8 AS n,"
               " sum(tokens)::float8 / nullif(sum(rows), 0)::float8 AS avgdl FROM fts_totals), "
               f"c AS MATERIALIZED (SELECT {ns}), "  # each n counted once (inlined, every use recounts)
               f"idf AS MATERIALIZED (SELECT {idfs} FROM t, c), "
               f"h(chunk_id, ws, d, f, ph) AS ({' UNION ALL '.join(parts)}), "
               f"a AS (SELECT chunk_id, min(ws) AS ws, min(d) AS d, {sums} FROM h GROUP BY chunk_id) "
               f"SELECT a.chunk_id, {' + '.join(terms)} AS s{', f.path' if paths else ''} FROM a CROSS JOIN t "
               "CROSS JOIN idf"
               + (" JOIN chunks c ON c.id = a.chunk_id JOIN files f ON f.id = c.file_id" if join else "")
               + f" WHERE {_match(root, fexpr)}{where} ORDER BY s DESC, a.chunk_id")
        params = count_args + hit_args + list(args or [])
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        with self.store.connection() as conn, conn.transaction():
            # Parallel workers cost more than they save on these small scans (their start
            # was 5-9 ms of a 12 ms query on pydantic), and the planner, misled by the
            # hash-and-text term test, asks for them.
            conn.execute("SET LOCAL max_parallel_workers_per_gather = 0")
            return [tuple(r) for r in conn.execute(sql, params).fetchall()]

    def doc_frequencies(self, stems: list[str]) -> dict[str, int]:
        """Chunks holding each index term (fts5vocab's ``doc``); a term not indexed is
        left out."""
        return {t: int(n) for t, n in self.store._all(
            "SELECT term, sum(docs) FROM fts_vocab WHERE term_key = ANY(SELECT hashtextextended(t, 0) FROM"
            " unnest(%s::text[]) t) AND term = ANY(%s) GROUP BY term HAVING sum(docs) > 0",
            (sorted(set(stems)), sorted(set(stems))))}

    def size(self) -> int:
        """The number of chunks indexed, exact (as in SQLite: not the highest id, which
        grows with every re-index), from the per-workspace totals."""
        return int(self.store._one("SELECT coalesce(sum(rows), 0) FROM fts_totals")[0])

    def _filtered(self, sql: str, params: list, scope: PgScope, limit: int) -> list[int]:
        if scope.path_ok is None:
            return [r[0] for r in self.store._all(sql + " LIMIT %s", [*params, limit])]
        out = []
        for cid, path in self.store._all(sql.replace("SELECT c.id ", "SELECT c.id, f.path ", 1), params):
            if scope.path_ok(path):
                out.append(cid)
                if len(out) >= limit:
                    break
        return out

    def named(self, keys: list[str], scope: PgScope, limit: int) -> list[int]:
        """Chunks in scope whose name's last component (lower-cased) is one of ``keys``."""
        if not keys:
            return []
        return self._filtered("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.name_key = ANY(%s)"
                              f" AND c.workspace_id = ANY(%s){scope.where} ORDER BY c.id",
                              [list(keys), scope.workspace_ids, *scope.args], scope, limit)

    def containing(self, needle: str, scope: PgScope, limit: int) -> list[int]:
        """Chunks in scope whose body contains ``needle``, ASCII case-insensitive as
        SQLite's LIKE, in id order."""
        pattern = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        return self._filtered(
            f"SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.workspace_id = ANY(%s)"
            f" AND translate(c.body, '{_UPPER}', '{_UPPER.lower()}') LIKE %s{scope.where} ORDER BY c.id",
            [scope.workspace_ids, pattern.translate(_FOLD), *scope.args], scope, limit)

    def bodies(self, ids: list[int]) -> dict[int, str]:
        """Each chunk's text, by id."""
        return dict(self.store._all("SELECT id, body FROM chunks WHERE id = ANY(%s)", (list(ids),)))


_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_FOLD = str.maketrans(_UPPER, _UPPER.lower())


def _match(node, fexpr) -> str:
    if isinstance(node, Phrase):
        return f"({fexpr[node.index]} IS NOT NULL)"
    glue = " AND " if node.op == "and" else " OR "
    return "(" + glue.join(_match(c, fexpr) for c in node.children) + ")"


def _live(root, p: Phrase, fexpr) -> str:
    """When phrase ``p``'s hits count in a row: it matches and so does every AND above it."""
    conds: list[str] = []

    def walk(node, ands) -> bool:
        if node is p:
            conds.extend(ands)
            return True
        if isinstance(node, Phrase):
            return False
        here = ands + [_match(node, fexpr)] if node.op == "and" else ands
        return any(walk(c, here) for c in node.children)

    walk(root, [])
    return " AND ".join([f"({fexpr[p.index]} IS NOT NULL)"] + conds)


__all__ = ["PgLexicalIndex", "PgScope", "add_rows", "filter_sql", "fts_row"]
