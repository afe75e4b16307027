"""Semantic and hybrid search with the real default model (tokenlearn static, 64-d) over
a real store: vectors keyed by text hash + model, sharing, reclaim, model switch,
modes, fusion, the rank stage and its refusal."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from lode.cli import main
from lode.embed import load_embedder
from lode.embed import vectors as V
from lode.embed.models import MODELS, ModelUnavailable, model_state
from lode.errors import InvalidParams, RankRequired
from lode.search import fusion

from indexing.conftest import write


@pytest.fixture(scope="module")
def embedder():
    return load_embedder("static")


def test_static_embedder_is_normalised_float32_and_matches_model2vec(embedder):
    from model2vec import StaticModel

    texts = ["func (s *Store) reclaimVectors(ctx context.Context, batch int) (int, error)",
             "frees vectors no workspace uses, a batch at a time", "", "ünïcode 中文"]
    v = embedder.embed(texts)
    assert v.dtype == np.float32 and v.shape == (4, embedder.dim) == (4, 64)
    assert np.allclose(np.linalg.norm(v[[0, 1, 3]], axis=1), 1.0, atol=1e-5)
    assert not v[2].any()  # nothing to embed → a zero vector, not NaN
    ref = StaticModel.from_pretrained(str(embedder.path)).encode(texts)
    ref = ref / np.maximum(np.linalg.norm(ref, axis=1, keepdims=True), 1e-9)
    assert np.allclose(v, ref, atol=1e-4)


def test_minilm_is_selectable_and_explains_itself_when_not_installed():
    st = model_state("minilm")
    assert st["model"] == "minilm" and st["id"] == MODELS["minilm"][0]
    if not st["available"]:
        assert "lode[minilm]" in st["reason"] and "torch==2.13.0" in st["reason"]
        with pytest.raises(ModelUnavailable):
            load_embedder("minilm")
    with pytest.raises(InvalidParams):
        model_state("nope") if False else load_embedder("nope")


def _sql(service, query: str) -> list[tuple]:
    """The rows of ``query`` on either store (these tests look under its methods)."""
    store = service.store
    if store.backend == "sqlite":
        return store.db.execute(query).fetchall()
    with store.transaction() as cur:
        cur.execute(query)
        return cur.fetchall() if cur.description else []


def _vector_rows(service):
    return _sql(service, "SELECT model, hash FROM vectors")


def test_index_embeds_and_identical_texts_share_one_vector(service, project, tmp_path):
    root = project("go")
    run = service.index(str(root))
    emb = run["embedding"]
    assert emb["model"] == MODELS["static"][0] and emb["embedded"] > 0
    used = _sql(service, "SELECT count(DISTINCT embed_hash), count(embed_hash) FROM chunks")[0]
    assert len(_vector_rows(service)) == used[0]
    # A second workspace with the same files adds chunks but no vectors.
    twin = tmp_path / "twin"
    import shutil
    shutil.copytree(root, twin)
    run2 = service.index(str(twin))
    assert run2["embedding"]["embedded"] == 0
    assert len(_vector_rows(service)) == used[0]
    assert _sql(service, "SELECT count(embed_hash) FROM chunks")[0][0] == 2 * used[1]
    # Re-running embeds nothing, and an unchanged workspace skips the scans altogether.
    again = service.index(str(root))["embedding"]
    assert again["embedded"] == 0 and again.get("up_to_date") is True


def test_changed_text_is_embedded_and_the_orphan_reclaimed(service, project):
    root = project("go")
    service.index(str(root))
    before = {h for _, h in _vector_rows(service)}
    path = root / "store" / "reclaim.go"
    path.write_text(path.read_text().replace("// sweep deletes up to n unreferenced rows.",
                                             "// sweep removes at most n rows nobody references."))
    run = service.index(str(root))
    assert run["embedding"]["embedded"] == 1 and run["embedding"]["reclaimed"] == 1
    after = {h for _, h in _vector_rows(service)}
    assert len(after - before) == 1 and len(before - after) == 1
    used = {r[0] for r in _sql(service, "SELECT embed_hash FROM chunks WHERE embed_hash IS NOT NULL")}
    assert after == used


def test_reclaim_works_in_batches(service, project, embedder):
    root = project("go")
    service.index(str(root))
    n = len(_vector_rows(service))
    _sql(service, "DELETE FROM chunks")  # every vector is now garbage
    assert V.reclaim(service.store, embedder.id, batch=3) == n
    assert _vector_rows(service) == []


class _Fake:
    """A second 'model' (another id) to show a model change re-embeds and reclaims."""

    def __init__(self, inner):
        self.inner, self.id, self.dim = inner, "fake-model@1", inner.dim

    def embed(self, texts):
        return self.inner.embed(texts)[:, ::-1].copy()


def test_model_change_re_embeds_and_reclaims_the_old_model(service, project, embedder):
    root = project("go")
    service.index(str(root))
    n = len(_vector_rows(service))
    ws = service.store.workspace(str(root))
    r = V.embed_workspace(service.store, _Fake(embedder), ws.id)
    assert r["embedded"] == n and r["reclaimed"] == n
    assert {m for m, _ in _vector_rows(service)} == {"fake-model@1"}


def test_no_embed_leaves_lexical_and_explains(service, project):
    root = project("go")
    run = service.index(str(root), embed=False)
    assert "embedding" not in run
    r = service.search("free unused vectors in batches", str(root))
    assert r["mode_used"] == "lexical" and r["semantic"]["available"] is False
    assert "lode index" in r["semantic"]["reason"]
    r = service.search("vectors", str(root), mode="semantic")
    assert r["mode_used"] == "lexical"  # asked for, unavailable: falls back and says why
    with pytest.raises(RankRequired) as exc:
        service.search("vectors", str(root), rerank="required")
    assert exc.value.rpc_code == -32070
    # rerank omitted or "auto" answers unranked
    assert service.search("vectors", str(root), rerank="auto")["rank"]["used"] is False


def test_modes_hits_and_response_fields(service, project):
    root = project("go")
    service.index(str(root))
    for mode in ("lexical", "semantic", "hybrid", "auto"):
        r = service.search("free unused vectors in batches", str(root), mode=mode, limit=5)
        # auto: the words found five chunks, so vectors were not needed
        assert r["mode_used"] == ("lexical" if mode == "auto" else mode)
        assert r["semantic"]["available"] and r["semantic"]["model"] == "static"
        assert r["hits"] and r["rank"]["used"] is False
        for h in r["hits"]:
            assert isinstance(h["score"], float) and 0.0 <= h["relevance"] <= 1.0
            assert set(h["via"]) <= {"lexical", "semantic"} and h["via"]
        t = r["timings_ms"]
        assert "total" in t and (mode in ("lexical", "auto") or "semantic" in t and "embed_query" in t)
    sem = service.search("free unused vectors in batches", str(root), mode="semantic", limit=5)
    assert all(h["via"] == ["semantic"] for h in sem["hits"])
    assert any(h["name"] == "Store.reclaimVectors" for h in sem["hits"])
    hyb = service.search("free unused vectors in batches", str(root), mode="hybrid", limit=5)
    top = {h["name"]: h for h in hyb["hits"][:3]}
    assert "Store.reclaimVectors" in top and top["Store.reclaimVectors"]["via"] == ["lexical", "semantic"]


def test_hybrid_keeps_exact_identifier_definitions_first(service, project):
    root = project("go")
    service.index(str(root))
    for q, name in (("ServeHTTP", "Handler.ServeHTTP"), ("NewHandler", "NewHandler"), ("sweep", "Store.sweep")):
        r = service.search(q, str(root), mode="hybrid")
        assert r["hits"][0]["name"] == name, (q, [h["name"] for h in r["hits"][:3]])


def test_auto_does_not_invent_matches_for_unknown_words(service, project):
    root = project("go")
    service.index(str(root))
    assert service.search("nothing-like-this-anywhere", str(root))["hits"] == []
    assert service.search("nothing-like-this-anywhere", str(root), mode="semantic")["hits"]


def test_filters_apply_to_semantic_hits(service, project):
    root = project("go")
    service.index(str(root))
    r = service.search("vectors", str(root), mode="semantic", languages=["markdown"], limit=20)
    assert r["hits"] and all(h["language"] == "markdown" for h in r["hits"])
    r = service.search("vectors", str(root), mode="semantic", paths=["server"], limit=20)
    assert r["hits"] and all(h["path"].startswith("server/") for h in r["hits"])


def test_rerank_scores_the_top(service, project):
    root = project("go")
    service.index(str(root))
    r = service.search("free unused vectors in batches", str(root), rerank=True, limit=5)
    assert r["rank"]["used"] and "rank" in r["timings_ms"]
    assert all("rank_score" in h for h in r["hits"])
    with pytest.raises(InvalidParams):
        service.search("x", str(root), rerank="sometimes")


def test_search_sees_new_vectors_without_a_restart(service, project):
    root = project("go")
    service.index(str(root))
    service.search("vectors", str(root), mode="semantic")  # caches the matrix
    write(root, {"store/gc.go": "package store\n\n// Compact rewrites the vector file without holes.\n"
                                "func Compact(path string) error { return nil }\n"})
    service.index(str(root))
    r = service.search("rewrite the vector file without holes", str(root), mode="semantic", limit=3)
    assert any(h["path"] == "store/gc.go" for h in r["hits"])


def test_fusion_weighted_and_rrf():
    lex = {1: 4.0, 2: 2.0, 3: 1.0}
    sem = {3: 0.9, 4: 0.5, 2: 0.1}
    f = fusion.weighted(lex, sem, 0.5)
    assert f[1] == pytest.approx(0.5) and f[3] == pytest.approx(0.5 * 0.25 + 0.5)
    assert f[4] == pytest.approx(0.5 * 0.5) and f[2] == pytest.approx(0.25)
    assert fusion.weighted(lex, {}, 0.3)[1] == pytest.approx(0.7)
    r = fusion.rrf([1, 2, 3], [3, 4], w=0.5)
    assert max(r, key=r.get) == 3  # in both lists
    assert fusion.dense_weight(3, "static") == fusion.WEIGHT_SHORT
    assert fusion.dense_weight(200, "minilm") == fusion.WEIGHT_LONG["minilm"]


def _cli(args, db):
    return CliRunner().invoke(main, [*args, "--db", str(db)], catch_exceptions=False)


def test_cli_flags(tmp_path, project):
    root = project("go")
    db = tmp_path / "cli.db"
    r = _cli(["index", str(root), "--no-embed", "--json"], db)
    assert r.exit_code == 0 and "embedding" not in json.loads(r.output)
    r = _cli(["search", "vectors", "-w", str(root), "--rerank"], db)
    assert r.exit_code == 3 and "rerank was required but no ranker can rank" in r.output
    r = _cli(["index", str(root), "--model", "static"], db)
    assert r.exit_code == 0 and "embedded" in r.output
    r = _cli(["search", "free", "unused", "vectors", "-w", str(root), "--mode", "semantic", "--json"], db)
    assert r.exit_code == 0 and json.loads(r.output)["mode_used"] == "semantic"
    r = _cli(["search", "free", "unused", "vectors", "-w", str(root), "--rerank"], db)
    assert r.exit_code == 0 and "reranked" in r.output
    r = _cli(["index", str(root), "--model", "nope"], db)
    assert r.exit_code == 2 and "unknown embedding model" in r.output


def test_auto_lets_vectors_fill_in_only_when_words_find_too_little(service, project):
    root = project("go")
    service.index(str(root))
    enough = service.search("vectors", str(root), limit=1)
    assert enough["mode_used"] == "lexical" and "fill in" in enough["semantic"]["note"]
    few = service.search("vectors", str(root), limit=50)
    assert few["mode_used"] == "hybrid"
    assert any(h["via"] == ["semantic"] for h in few["hits"])
    assert few["hits"][0]["via"][0] == "lexical"
