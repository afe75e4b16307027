"""A search's query is embedded without loading a tokenizer (lode.embed.vocab): a
tokenizer of only the pieces its words can be cut into, looked up in the vocabulary
file built once into the cache folder, gives the vectors the full tokenizer gives."""

from __future__ import annotations

import numpy as np
import pytest

from lode.embed import vocab
from lode.embed.models import MODELS, StaticEmbedder

from .conftest import repo_embed_texts

MODEL_ID = MODELS["static"][0]

QUERIES = ["reclaim unused vectors", "serve http", "Store.reclaimVectors", "parse go.mod file",
           "x" * 600, "a.b.c(d, e) -> f", "\tindented\r\nlines  ", ".", "...", "", "   ",
           "héllo wörld", "日本語のコメント", "naïve › café", "tab\x0bvertical", "ﬁle ½ ²",
           "Ελληνικά λ → μ", "▁lead ▁", "rewriteValuePPC64_OpPPC64FMOVSload", "TestWriteHeader0_h1"]


@pytest.fixture(scope="module")
def embedders(static_model):
    query = StaticEmbedder(static_model, MODEL_ID)
    full = StaticEmbedder(static_model, MODEL_ID)
    full._full_tokenizer()  # the model's own tokenizer only
    return query, full


def test_a_query_loads_no_tokenizer_and_gets_the_full_tokenizers_vector(embedders):
    query, full = embedders
    for q in QUERIES:
        np.testing.assert_array_equal(query.embed_query([q]), full.embed([q]), err_msg=repr(q))
    assert query._small is None and query._full is None  # no tokenizer was loaded
    assert len(list(vocab.cache_dir().glob("vocab-*.bin"))) == 1  # built once


def test_same_vectors_on_real_code(embedders):
    query, full = embedders
    texts = repo_embed_texts(("src/lode/embed", "src/lode/search", "examples", "tests/indexing/projects"),
                             (".go", ".py", ".rs", ".ts", ".js", ".md"))
    assert len(texts) > 300
    for i in range(0, len(texts), 4):  # a few texts at a time, as a caller may pass
        batch = texts[i:i + 4]
        np.testing.assert_array_equal(query.embed_query(batch), full.embed(batch))
    assert query._small is None and query._full is None


def test_an_added_tokens_text_goes_through_a_loaded_tokenizer(static_model, embedders):
    _, full = embedders
    fresh = StaticEmbedder(static_model, MODEL_ID)
    for q in ["<pad> x", "a <unk> b"]:
        np.testing.assert_array_equal(fresh.embed_query([q]), full.embed([q]))
    assert fresh._small is not None  # it loaded the compact tokenizer for them


def test_an_unreadable_vocabulary_file_falls_back(static_model, embedders, monkeypatch):
    _, full = embedders
    monkeypatch.setattr(vocab, "_open", {})
    path = vocab._path(static_model / "tokenizer.json", MODEL_ID)
    kept = path.read_bytes()
    try:
        path.write_bytes(kept[:1000])  # truncated
        fresh = StaticEmbedder(static_model, MODEL_ID)
        np.testing.assert_array_equal(fresh.embed_query(["serve http"]), full.embed(["serve http"]))
        assert fresh._small is not None
    finally:
        path.write_bytes(kept)


def test_an_index_run_that_embeds_builds_the_vocabulary_file(static_model, tmp_path, monkeypatch):
    import shutil
    from pathlib import Path

    from lode.service import Service

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(vocab, "_open", {})
    root = tmp_path / "shop"
    shutil.copytree(Path(__file__).resolve().parents[2] / "examples" / "shop", root)
    svc = Service(tmp_path / "store.db")
    try:
        assert svc.index(svc.add_workspace(str(root))["name"])["embedding"]["embedded"] > 0
    finally:
        svc.close()
    assert vocab._path(static_model / "tokenizer.json", MODEL_ID).exists()
