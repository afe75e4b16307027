"""The PostgreSQL store's lexical index and vectors against SQLite's FTS5 and numpy, on a
real server: the same index terms and lengths, the same bm25 scores, the same search
answers, the same nearest neighbours."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from lode.search import lexical
from lode.search.query import fts_expression, parse
from lode.service import Service
from lode.store.chunks import ChunkFilter
from lode.store.postgres.fts_query import UnsupportedQuery
from lode.store.postgres.fts_query import parse as parse_match
from lode.store.postgres.fts_tokens import postings, tokens
from lode.store.schema import FTS_TOKENIZER
from lode.store.stems import index_terms

PROJECTS = Path(__file__).parents[1] / "indexing" / "projects"
SOURCES = Path(__file__).parents[2] / "src" / "lode"


def _fts5_terms(texts: list[str]) -> list[list[str]]:
    """What FTS5 itself (a table with the store's tokenizer) holds for each text."""
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize = \"{FTS_TOKENIZER}\")")
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    db.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", list(enumerate(texts)))
    out: list[list[tuple[int, str]]] = [[] for _ in texts]
    for term, doc, offset in db.execute("SELECT term, doc, offset FROM v"):
        out[doc].append((offset, term))
    return [[t for _, t in sorted(x)] for x in out]


def test_tokens_are_fts5s_on_real_text():
    """lode's own sources, a line at a time (identifiers, snake_case, prose, accents
    added): the PostgreSQL store's tokens are FTS5's, stems included — where Snowball's
    Porter stemmer is not (``is``, ``technology``, long identifiers)."""
    lines = [ln for p in sorted(SOURCES.rglob("*.py"))[:40] for ln in p.read_text().splitlines() if ln.strip()]
    lines += ["Café naïve résumé — ÉCOLE", "technology is possibly assembly", "x" * 70 + "_ending_in_tions"]
    expected = _fts5_terms(lines)
    assert [tokens(t) for t in lines] == expected
    assert tokens("technology is possibly") == ["technolog", "is", "possibl"]
    # the search's query-word stems come from the same tokenizer (lode.store.stems)
    assert index_terms(["technology", "is", "possibly"]) == {"technology": "technolog", "is": "is",
                                                              "possibly": "possibl"}


def test_postings_count_every_column_and_length():
    text, lengths, docs = postings([(7, "the Compression compressed", "a/b.go func Compress lodews1", "compress"),
                                    (8, "", "x.go lodews1", "")], 1, "lodews1")
    lines = {tuple(line.split("\t")[:3]): line.split("\t")[3:] for line in text.splitlines()}
    tf_body, tf_crumb, tf_idents, length, pos = lines[("compress", "1", "7")]
    assert (tf_body, tf_crumb, tf_idents, length) == ("2", "1", "1", str(3 + 6 + 1))
    # offset * 3 + column: idents 0, body 1 and 2, breadcrumb 4 (a, b, go, func, compress)
    assert sorted(int(x) for x in pos.strip("{}").split(",")) == [2, 3, 6, 13]
    assert lengths == {7: 10, 8: 3} and docs["compress"] == 1 and "lodews1" not in docs
    assert not any(term == "lodews1" for term, _, _ in lines)


def test_match_expressions_lode_writes_parse_and_others_are_refused():
    root, phrases = parse_match('("servehttp" OR ("serve" AND "http")) OR {body breadcrumb} : "free lists"'
                                ' AND breadcrumb : ("lodews1" OR "lodews2")')
    assert [p.terms for p in phrases] == [("servehttp",), ("serv",), ("http",), ("free", "list"),
                                         ("lodews1",), ("lodews2",)]
    assert phrases[3].columns == frozenset({0, 1}) and phrases[4].columns == frozenset({1})
    assert root.op == "or"
    for bad in ('"a" NOT "b"', 'NEAR("a" "b")', '"a" *', '"unterminated'):
        with pytest.raises(UnsupportedQuery):
            parse_match(bad)


def _two_stores(tmp_path, pg_url, projects=("go", "python"), sources: dict | None = None):
    sq, pg = Service(tmp_path / "lode.db"), Service(pg_url)
    sources = sources or {p: PROJECTS / p for p in projects}
    for project, source in sources.items():
        root = tmp_path / project
        shutil.copytree(source, root, ignore=shutil.ignore_patterns("__pycache__"))
        for svc in (sq, pg):
            svc.add_workspace(str(root), name=project)
            svc.index(project, workers=1)
    return sq, pg


def _keys(store) -> dict[int, tuple[str, int]]:
    sql = "SELECT c.id, w.name, f.path, c.ord FROM chunks c JOIN files f ON f.id = c.file_id " \
          "JOIN workspaces w ON w.id = f.workspace_id"
    rows = store.db.execute(sql).fetchall() if hasattr(store, "db") else store._all(sql)
    return {r[0]: tuple(r[1:]) for r in rows}


QUERIES = ["handler", "serve http request", "ServeHTTP", "how are vectors reclaimed", "\"return nil\"",
           "parse config file and return error", "Store.write_batch", "zzzunknownword", "for", "init"]


def _bm25_lists(svc, keys, text, workspaces):
    store = svc.store
    q = parse(text)
    terms, _ = lexical.choose_terms(store, q)
    expr = fts_expression(q, "OR", terms)
    if expr is None:
        return None
    ids = [w.id for w in store.workspaces() if w.name in workspaces]
    return [(keys[i], s) for i, s in store.fts.bm25(expr, store.fts.scope(ids, ChunkFilter()), 300, lexical.WEIGHTS)]


def test_bm25_candidates_and_scores_equal_fts5(tmp_path, pg_url):
    sq, pg = _two_stores(tmp_path, pg_url)
    try:
        ks, kp = _keys(sq.store), _keys(pg.store)
        assert sorted(ks.values()) == sorted(kp.values())
        compared = 0
        for text in QUERIES:
            for workspaces in (["go"], ["python"], ["go", "python"]):  # narrowed by scope tokens, and not
                a, b = _bm25_lists(sq, ks, text, workspaces), _bm25_lists(pg, kp, text, workspaces)
                assert [k for k, _ in a or []] == [k for k, _ in b or []], (text, workspaces)
                for (_, x), (_, y) in zip(a or [], b or []):
                    assert y == pytest.approx(x, rel=1e-9, abs=1e-12)
                compared += len(a or [])
        assert compared > 100
    finally:
        sq.close()
        pg.close()


def test_search_answers_equal_and_stay_equal_after_a_change(tmp_path, pg_url):
    sq, pg = _two_stores(tmp_path, pg_url)
    try:
        def answers():
            out = []
            for text in QUERIES:
                for mode in ("lexical", "auto", "semantic"):
                    a = sq.search(text, ["go", "python"], mode=mode, limit=10)["hits"]
                    b = pg.search(text, ["go", "python"], mode=mode, limit=10)["hits"]
                    out.append(([(h["path"], h["line_start"]) for h in a], [(h["path"], h["line_start"]) for h in b]))
            return out

        for a, b in answers():
            assert a == b
        # Change and delete files: the PostgreSQL index forgets the old chunks (its trigger)
        # and the vocabulary and totals follow, so scores still agree.
        py = tmp_path / "python"
        victim = sorted(py.rglob("*.py"))[0]
        victim.write_text(victim.read_text() + "\n\ndef reclaim_vectors_twice():\n    return 'vectors'\n")
        sorted(py.rglob("*.py"))[-1].unlink()
        for svc in (sq, pg):
            svc.index("python", workers=1)
        assert any(a for a, _ in answers())
        for a, b in answers():
            assert a == b
        vocab = dict(pg.store._all("SELECT term, sum(docs) FROM fts_vocab GROUP BY term HAVING sum(docs) > 0"))
        sq.store.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.v USING fts5vocab(main, chunks_fts, 'row')")
        expected = {t: d for t, d in sq.store.db.execute("SELECT term, doc FROM temp.v") if not t.startswith("lodews")}
        assert vocab == expected
        rows, tokens_ = pg.store._one("SELECT sum(rows), sum(tokens) FROM fts_totals")
        assert rows == sq.store.db.execute("SELECT count(*) FROM chunks_fts").fetchone()[0]
        # the chunk count the common-word rule takes a share of: exact in both after the change
        assert pg.store.fts.size() == sq.store.fts.size() == rows
        assert tokens_ == pg.store._one("SELECT sum(len) FROM fts_docs")[0]
    finally:
        sq.close()
        pg.close()


def test_vectors_round_trip_and_nearest_neighbours_agree(tmp_path, pg_url):
    # lode's own store and search code: a few hundred real chunks with vectors
    sq, pg = _two_stores(tmp_path, pg_url, sources={"go": PROJECTS / "go", "lode": SOURCES / "store"})
    try:
        ks, kp = _keys(sq.store), _keys(pg.store)
        from lode.embed.vectors import stored_vectors

        model_id, dim = stored_vectors(sq.store)
        assert stored_vectors(pg.store) == (model_id, dim)
        ws_s = [w.id for w in sq.store.workspaces()]
        ws_p = [w.id for w in pg.store.workspaces()]
        a = {ks[i]: v for i, v in sq.store.vectors.of_workspaces(model_id, ws_s)}
        b = {kp[i]: v for i, v in pg.store.vectors.of_workspaces(model_id, ws_p)}
        assert len(a) > 100 and a == b  # the same float32 bytes
        matrix = np.frombuffer(b"".join(a.values()), dtype="<f4").reshape(len(a), dim)
        names = list(a)
        vectors = pg.store.vectors
        assert not vectors.indexed(model_id, dim)
        queries = matrix[::4][:10]

        def numpy_top(q, k=10):
            sims = matrix @ q
            return [names[i] for i in np.argsort(-sims, kind="stable")[:k]]

        exact = [[kp[i] for i, _ in vectors.nearest(model_id, dim, q, ws_p, 10)] for q in queries]
        assert [set(e) for e in exact] == [set(numpy_top(q)) for q in queries]
        # The HNSW path (forced at this small size): the same neighbours.
        assert vectors.ensure_index(model_id, dim, at_least=1) and vectors.indexed(model_id, dim)
        approx = [[kp[i] for i, _ in vectors.nearest(model_id, dim, q, ws_p, 10)] for q in queries]
        assert sum(len(set(x) & set(e)) for x, e in zip(approx, exact)) >= 0.95 * 10 * len(queries)
        # One workspace only: every neighbour is in it.
        go = [w.id for w in pg.store.workspaces() if w.name == "go"]
        assert {kp[i][0] for i, _ in vectors.nearest(model_id, dim, queries[0], go, 10)} == {"go"}
    finally:
        sq.close()
        pg.close()


def test_removing_a_workspace_leaves_no_postings_and_the_rest_agrees(tmp_path, pg_url):
    sq, pg = _two_stores(tmp_path, pg_url)
    try:
        for svc in (sq, pg):
            svc.remove_workspace("python")
        left = pg.store._one("SELECT (SELECT count(*) FROM fts_postings p JOIN fts_docs d USING (chunk_id)"
                             " WHERE d.workspace_id NOT IN (SELECT id FROM workspaces)),"
                             " (SELECT count(*) FROM fts_docs WHERE chunk_id NOT IN (SELECT id FROM chunks)),"
                             " (SELECT count(*) FROM fts_postings WHERE chunk_id NOT IN (SELECT id FROM chunks))")
        assert left == (0, 0, 0)
        ks, kp = _keys(sq.store), _keys(pg.store)
        for text in QUERIES:
            a, b = _bm25_lists(sq, ks, text, ["go"]), _bm25_lists(pg, kp, text, ["go"])
            assert [k for k, _ in a or []] == [k for k, _ in b or []]
            assert [s for _, s in b or []] == pytest.approx([s for _, s in a or []], rel=1e-9)
    finally:
        sq.close()
        pg.close()


def test_a_term_longer_than_an_index_key_is_indexed_and_found(tmp_path, pg_url):
    """Minified code and test data hold tokens of thousands of characters (longer than
    a PostgreSQL B-tree key may be): indexed, counted and matched as FTS5 does."""
    long = "k" + "0123456789abcdef" * 200
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "blob.py").write_text(f'BLOB = "{long}"\n\n\ndef use_blob():\n    return BLOB\n')
    sq, pg = _two_stores(tmp_path, pg_url, sources={"go": PROJECTS / "go", "blob": tmp_path / "data"})
    try:
        ks, kp = _keys(sq.store), _keys(pg.store)
        for expr in (f'"{long}"', f'{{body breadcrumb}} : "blob {long}"', f'"{long}" OR "blob"'):
            a = [(ks[i], s) for i, s in sq.store.fts.bm25_of(expr, list(ks), lexical.WEIGHTS)]
            b = [(kp[i], s) for i, s in pg.store.fts.bm25_of(expr, list(kp), lexical.WEIGHTS)]
            assert a and sorted(k for k, _ in a) == sorted(k for k, _ in b)
            assert dict(b) == pytest.approx(dict(a), rel=1e-9)
        expected = sq.store.fts.doc_frequencies([long, "blob"])
        assert expected[long] == 1 and pg.store.fts.doc_frequencies([long, "blob"]) == expected
    finally:
        sq.close()
        pg.close()


REPORT = """--dry-run needs a one-letter shortcut

The `--dry-run` option of the archive command has no short form, while most options
have one: `-v` for `--verbose`, `-x` for `--exclude`, `-o` for the output. I would like
`-n` for `--dry-run`, as rsync and make have: I check which files an archive would hold
before every run, and typing the long option each time is tedious.
"""


def test_split_definitions_read_alike_and_a_report_is_answered_alike(tmp_path, pg_url):
    """A pasted report reads every part of a split definition (store.chunks.split_parts):
    both stores find the same parts and answer the report the same."""
    archiver = Path(__file__).parents[1] / "search" / "projects" / "archiver"
    sq, pg = _two_stores(tmp_path, pg_url, sources={"archiver": archiver})
    try:
        runs = []
        for svc in (sq, pg):
            keys = _keys(svc.store)
            parts = svc.store.chunks.split_parts(sorted(keys), ("gap", "header"))
            runs.append({keys[i]: [keys[p] for p in run] for i, run in parts.items()})
        assert runs[0] == runs[1] and len(runs[0]) == 2  # add_options, cut in two
        a, b = ([(h["path"], h["line_start"]) for h in svc.search(REPORT, "archiver", limit=10)["hits"]]
                for svc in (sq, pg))
        assert a == b and a[0] == ("archiver/cli.py", 13)  # add_options, listed once by its head
    finally:
        sq.close()
        pg.close()
