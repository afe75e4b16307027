"""``lode check`` of a PostgreSQL store: lode's own derived tables against the rows they
are derived from. The server looks after its pages and indexes itself; what it cannot
know is that the lexical index's counts (``fts_vocab``, ``fts_totals``, kept by the batch
writer and the deletion trigger, :mod:`.fts`) still match the postings and chunks they
count, and that every chunk has its postings. A count gone wrong ranks every search
differently from the SQLite store without any error, so a team checks it after an
incident (a server lost mid-run, a restore from backup)."""

from __future__ import annotations

# (what is wrong, a query counting the rows where it is)
_CHECKS = (
    ("terms whose chunk count (fts_vocab) differs from their postings",
     """SELECT count(*) FROM (SELECT workspace_id, term_key, count(*) AS n FROM fts_postings GROUP BY 1, 2) p
        FULL JOIN (SELECT workspace_id, term_key, docs FROM fts_vocab WHERE docs <> 0) v
        USING (workspace_id, term_key) WHERE p.n IS DISTINCT FROM v.docs"""),
    ("workspaces whose totals (fts_totals) differ from their chunks' lengths",
     """SELECT count(*) FROM (SELECT workspace_id, count(*) AS n, sum(len) AS s FROM fts_docs GROUP BY 1) d
        FULL JOIN (SELECT workspace_id, rows, tokens FROM fts_totals WHERE rows <> 0) t
        USING (workspace_id) WHERE d.n IS DISTINCT FROM t.rows OR d.s IS DISTINCT FROM t.tokens"""),
    ("chunks without a length in the lexical index (fts_docs)",
     "SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM fts_docs d WHERE d.chunk_id = c.id)"),
    ("lexical index lengths of chunks that are gone",
     "SELECT count(*) FROM fts_docs d WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = d.chunk_id)"),
    ("postings of chunks that are gone",
     """SELECT count(*) FROM (SELECT DISTINCT chunk_id FROM fts_postings) p
        WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = p.chunk_id)"""),
    ("chunks filed under another workspace than their file's",
     "SELECT count(*) FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.workspace_id <> c.workspace_id"),
)


def problems(store) -> list[str]:
    """One line per kind of inconsistency found (with how many rows): [] when whole.
    Read in one snapshot, so batches committed meanwhile by indexers are seen whole or
    not at all."""
    found = []
    with store.snapshot() as cur:
        for what, sql in _CHECKS:
            cur.execute(sql)
            n = cur.fetchone()[0]
            if n:
                found.append(f"{n} {what}")
    return found


__all__ = ["problems"]
