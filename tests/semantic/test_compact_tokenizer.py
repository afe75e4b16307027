"""The static model's compact tokenizer (lode.embed.compact) gives the vectors the full
tokenizer gives, on real code, and is built once into the cache folder."""

from __future__ import annotations

import numpy as np
import pytest

from lode.embed import compact
from lode.embed.models import MODELS, StaticEmbedder, _static_path

from .conftest import repo_embed_texts

MODEL_ID = MODELS["static"][0]


def _embed_texts() -> list[str]:
    return repo_embed_texts(("tests", "examples", "src"), (".go", ".py", ".rs", ".ts", ".tsx", ".js", ".zig",
                                                           ".c", ".java", ".rb", ".md"))


@pytest.fixture(scope="module")
def embedders(static_model):
    built = StaticEmbedder(static_model, MODEL_ID)
    built.embed(["serve http"])              # builds the compact files
    again = StaticEmbedder(static_model, MODEL_ID)
    again.embed(["serve http"])              # reads them
    full = StaticEmbedder(static_model, MODEL_ID)
    full._full_tokenizer()                   # the model's own tokenizer only
    return built, again, full


def test_compact_files_are_built_once(embedders):
    built, again, _ = embedders
    assert built._small is not None and again._small is not None
    files = sorted(p.name for p in compact.cache_dir().iterdir() if "-x" not in p.name)
    assert len(files) == 2 and files[0].endswith(".ids.npy") and files[1].endswith(".json")
    tok, ids, unk, chars = again._small
    assert 50_000 < len(ids) < 200_000  # far fewer pieces than the model's 276k
    assert again._full is None  # nothing loaded the full tokenizer yet


def test_same_vectors_as_the_full_tokenizer_on_real_code(embedders):
    _, again, full = embedders
    texts = [t for t in _embed_texts() if compact.fits([t])]
    assert len(texts) > 1000
    queries = ["reclaim unused vectors", "serve http", "Store.reclaimVectors", "parse go.mod file",
               "x" * 600, "a.b.c(d, e) -> f", "\tindented\r\nlines  ", "<unk> <pad> ."]
    for batch in (texts, queries, *([q] for q in queries)):
        np.testing.assert_array_equal(again.embed(batch), full.embed(batch))
    assert again._full is None  # every one of those texts went through the compact tokenizer


def test_other_characters_get_an_extended_compact_tokenizer(embedders):
    _, again, full = embedders
    texts = ["héllo wörld", "日本語のコメント", "naïve › café", "ok ascii", "tab\x0bvertical",
             "ﬁle ½ ²", "Ελληνικά λ → μ"]
    assert not compact.fits(texts)
    again.prepare(texts[:2])  # an index run announces its texts; the others extend it again
    np.testing.assert_array_equal(again.embed(texts), full.embed(texts))
    np.testing.assert_array_equal(again.embed(texts[:2]), full.embed(texts[:2]))
    assert again._full is None  # the 300 MB tokenizer stayed unloaded
    assert {"é", "日", "λ", "→"} <= again._small[3]  # an extended compact one serves them
    assert len(again._small[1]) < 200_000
    extended = [p for p in compact.cache_dir().iterdir() if "-x" in p.name]
    assert 2 <= len(extended) <= 2 * compact.KEEP_EXTENDED


def test_unwritable_cache_falls_back_to_the_full_tokenizer(tmp_path, monkeypatch):
    path = _static_path()
    if path is None:
        pytest.skip("the static model is not installed")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    emb = StaticEmbedder(path, MODEL_ID)
    assert emb.embed(["serve http"]).shape == (1, emb.dim)
    assert emb._small is None and emb._small_failed and emb._full is not None


def test_an_extended_tokenizer_serves_texts_with_fewer_characters(embedders):
    _, _, full = embedders
    path = _static_path()
    first = StaticEmbedder(path, MODEL_ID)
    texts = ["Größe berechnet die naïve Größe → λ", "ascii only"]
    np.testing.assert_array_equal(first.embed(texts), full.embed(texts))
    before = sorted(p.name for p in compact.cache_dir().glob("*-x*.json"))
    query = StaticEmbedder(path, MODEL_ID)  # another process, a query with some of them
    np.testing.assert_array_equal(query.embed(["Größe"]), full.embed(["Größe"]))
    assert sorted(p.name for p in compact.cache_dir().glob("*-x*.json")) == before  # none built
    assert query._full is None and {"ö", "ß", "λ"} <= query._small[3]


def test_outside_answers_as_the_alphabets_regex_for_every_character():
    # compact.outside skips the regex (ASCII flag, a byte table): the same answer for
    # each code point alone, between ASCII, beside › and in a text of the alphabet.
    import re

    search = re.compile(r"[^\x20-\x7e\t\n\r\u203a]").search
    for c in map(chr, range(0x110000)):
        for text in (c, f"a{c}b", f"\u203a{c}", f"func f() {{\n\treturn {c}\r\n}} \u203a x"):
            assert bool(compact.outside(text)) == bool(search(text)), (hex(ord(c)), text)
    assert compact.outside("") is None and compact.outside("\u203a\t\n\r ~") is None
