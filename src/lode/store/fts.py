"""Queries of the lexical index (``chunks_fts``, :mod:`.schema`): bm25 candidates,
vocabulary document frequencies, substring scans, definitions by name, bodies (the
index keeps no text: bodies and substrings are read from ``chunks``, :mod:`.fts_rows`).
Reached as ``store.fts``.

A match expression is FTS5 query syntax (``"word" OR "other"``, column filters, as
:mod:`lode.search.query` writes it); a :class:`Scope` is made by :meth:`LexicalIndex.scope`
and only read back by this module.
"""

from __future__ import annotations

from ..tuples import record  # not dataclasses: a search would import inspect for it
from . import fts_rows
from .chunks import ChunkFilter, filter_sql
from .schema import scope_token


@record
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


class LexicalIndex:
    def __init__(self, store):
        self.store = store

    def scope(self, workspace_ids: list[int], f: ChunkFilter) -> Scope:
        db = self.store.db
        where, args = filter_sql(db, f)
        total = db.execute("SELECT count(*) FROM workspaces").fetchone()[0]
        narrow = None
        if len(set(workspace_ids)) < total:
            narrow = "breadcrumb : (" + " OR ".join(f'"{scope_token(w)}"' for w in sorted(set(workspace_ids))) + ")"
        ws = f"f.workspace_id IN ({','.join('?' * len(workspace_ids))})"
        return Scope(" AND " + ws + where, list(workspace_ids) + args, narrow, bool(where))

    def bm25(self, expr: str, scope: Scope, limit: int, weights: tuple[float, ...]) -> list[tuple[int, float]]:
        """(chunk id, bm25) of the ``limit`` best matches of ``expr`` in scope, best
        first; bm25 is positive, higher is better. ``weights``: body, breadcrumb, idents."""
        db = self.store.db
        if scope.narrow:
            expr = f"({expr}) AND {scope.narrow}"
        if scope.filtered:
            sql = (f"SELECT chunks_fts.rowid, {_bm25(weights)} AS r FROM chunks_fts "
                   "JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id "
                   f"WHERE chunks_fts MATCH ?{scope.where} ORDER BY r LIMIT ?")
            return [(i, -r) for i, r in db.execute(sql, [expr, *scope.args, limit])]
        sql = f"SELECT rowid, {_bm25(weights)} AS r FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY r LIMIT ?"
        return [(i, -r) for i, r in db.execute(sql, [expr, limit])]

    def bm25_of(self, expr: str, ids: list[int], weights: tuple[float, ...]) -> list[tuple[int, float]]:
        """(chunk id, bm25) of those of ``ids`` that match ``expr``."""
        if not ids:
            return []
        # One pass of the match over the ids' rowid range, the list tested on each row
        # (``+rowid``: not given to the index). ``rowid IN (…)`` given to FTS5 runs the
        # match once per id, and bm25 reads every term's document count each time.
        marks = ",".join("?" * len(ids))
        return [(i, -r) for i, r in self.store.db.execute(
            f"SELECT rowid, {_bm25(weights)} FROM chunks_fts WHERE chunks_fts MATCH ? "
            f"AND rowid BETWEEN ? AND ? AND +rowid IN ({marks})", [expr, min(ids), max(ids), *ids])]

    def doc_frequencies(self, stems: list[str]) -> dict[str, int]:
        """Chunks holding each (stemmed) term, from the index's vocabulary (one indexed
        lookup per term); a term not indexed is left out."""
        db = self.store.db
        db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_fts_vocab "
                   "USING fts5vocab(main, chunks_fts, 'row')")
        found: dict[str, int] = {}
        for i in range(0, len(stems), 200):
            part = stems[i:i + 200]
            found.update(db.execute(f"SELECT term, doc FROM temp.chunks_fts_vocab WHERE term IN "
                                    f"({','.join('?' * len(part))})", part).fetchall())
        return found

    def size(self) -> int:
        """The number of chunks indexed (every chunk has its row in the index, and no
        other row is there). Exact, not the highest row id: ids grow with every re-index,
        and a share of this number decides which query words are too common to search
        for, so a store that had files re-indexed would otherwise answer differently
        from a fresh index of the same files (SWE-bench dev: a store re-indexed twice
        had twice the highest id). A count over the smallest index, ~0.4 ms at 200k."""
        return self.store.db.execute("SELECT count(*) FROM chunks").fetchone()[0]

    def named(self, keys: list[str], scope: Scope, limit: int) -> list[int]:
        """Chunks in scope whose name's last component (lower-cased) is one of ``keys``."""
        if not keys:
            return []
        sql = ("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id "
               f"WHERE c.name_key IN ({','.join('?' * len(keys))}){scope.where} LIMIT {int(limit)}")
        return [r[0] for r in self.store.db.execute(sql, [*keys, *scope.args])]

    def containing(self, needle: str, scope: Scope, limit: int) -> list[int]:
        """Chunks in scope whose body contains ``needle`` (ASCII case-insensitive, as
        SQLite's LIKE), by workspace, path and position."""
        db = self.store.db
        db.create_function("lode_contains", 2, fts_rows.contains, deterministic=True)
        # The scope's tests first: a text is decompressed only for a chunk they admit.
        sql = ("SELECT c.id FROM files f JOIN chunks c ON c.file_id = f.id "
               f"WHERE 1{scope.where} AND lode_contains(c.body_z, ?) ORDER BY f.workspace_id, f.path, c.id LIMIT ?")
        return [r[0] for r in db.execute(sql, [*scope.args, needle.encode("utf-8", "surrogatepass").lower(), limit])]

    def bodies(self, ids: list[int]) -> dict[int, str]:
        """Each chunk's text, by id."""
        out = {}
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            out.update((i, fts_rows.unpack(z)) for i, z in self.store.db.execute(
                f"SELECT id, body_z FROM chunks WHERE id IN ({','.join('?' * len(part))})", part))
        return out


def _bm25(weights: tuple[float, ...]) -> str:
    return "bm25(chunks_fts, %s)" % ", ".join(str(w) for w in weights)
