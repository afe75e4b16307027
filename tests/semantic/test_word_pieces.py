"""Texts tokenized a word at a time, each distinct word once (lode.embed.words), get the
vectors the tokenizer gives when it cuts every text whole — on real code and on the
texts where cutting words apart could go wrong."""

from __future__ import annotations

import json

import numpy as np
import pytest

from lode.embed import compact, words
from lode.embed.models import MODELS, StaticEmbedder

from .conftest import repo_embed_texts


HARD = [
    "func Close() error {\r\n\treturn nil\r\n}\r\n",          # CRLF: one grapheme, one space
    "a <pad> b", "a<pad>b", "x <unk> y", "x<unk>y z",         # added tokens: matched before words
    "", "   \t\r\n ", "\u203a", "net/http \u203a Server \u203a Close",
    "\x7f and ~ `tick` {braces} [x] | \\ ^", "a" * 9000 + " tail",
    "héllo wörld \u2581mark", "ﬁle ½ ²", "\u0301combining after space", "tab\x0bvertical\x1cfs",
    "Größe berechnet die naïve Größe → λ", "日本語のコメント ok ascii", "x \u0301y e\u0301 \u00a0nbsp\u3000ideo",
    "ｆｕｌｌｗｉｄｔｈ ＡＳＣＩＩ ① ② ﬁle", "fs\x1csep\x1dgs \x85nel \u2028ls", "ctrl\x01\x02 \ufeffbom \u200bzw",
    "// コメント: naïve café résumé › Größe\n" * 400,
]


def _code_texts() -> list[str]:
    return repo_embed_texts(("src/lode", "examples"), (".go", ".py", ".rs", ".ts", ".md"))


@pytest.fixture(scope="module")
def pair(static_model):
    """(words, whole): the same model, with and without the word path."""
    by_words = StaticEmbedder(static_model, MODELS["static"][0])
    whole = StaticEmbedder(static_model, MODELS["static"][0])
    whole.by_words = False
    return by_words, whole


def test_real_code_gets_the_same_vectors(pair):
    by_words, whole = pair
    texts = _code_texts()
    assert len(texts) > 1000
    np.testing.assert_array_equal(by_words.embed(texts), whole.embed(texts))
    assert len(by_words._words.ids) > 1000  # the words were kept and reused


def test_hard_texts_get_the_same_vectors(pair):
    by_words, whole = pair
    for batch in (HARD, *([t] for t in HARD)):
        np.testing.assert_array_equal(by_words.embed(batch), whole.embed(batch))
    # Texts holding an added token's text go through the tokenizer whole; others are
    # cut into words as the tokenizer cuts them.
    tok = by_words._tokenizer_for(["code"])[0]
    assert by_words._words.split(["a <pad> b"], tok)[0] is None
    assert by_words._words.split(["x<unk>y héllo"], tok)[0] is None
    assert by_words._words.split(["héllo \u2581"], tok)[0] == ["héllo"]  # the normaliser drops the mark
    assert by_words._words.split(["ｆｕｌｌ ﬁle"], tok)[0] == ["full", "file"]  # normalised, then cut
    assert by_words._words.split(["a\r\nb \u203a c"], tok)[0] == ["a", "b", "\u203a", "c"]


def test_a_full_word_table_starts_over(pair, monkeypatch):
    by_words, whole = pair
    monkeypatch.setattr(words, "WORDS_KEPT", 50)
    by_words._words.ids = {}
    texts = _code_texts()[:200]
    np.testing.assert_array_equal(by_words.embed(texts), whole.embed(texts))
    assert len(by_words._words.ids) <= 50 + by_words.pass_texts * 400


def test_a_normaliser_that_changes_words_turns_the_word_path_off(pair, tmp_path):
    """A tokenizer that lowercases (or otherwise rewrites words) is not cut into words."""
    from tokenizers import Tokenizer

    by_words, _ = pair
    spec = next(compact.cache_dir().glob("tokenizer-*.json"))
    data = json.loads(spec.read_text(encoding="utf-8"))
    data["normalizer"] = {"type": "Lowercase"}
    lowering = Tokenizer.from_str(json.dumps(data))
    assert by_words._words.split(["Serve HTTP"], lowering)[0] is None
    data["normalizer"] = None
    data["pre_tokenizer"] = {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first", "split": False}
    one_word = Tokenizer.from_str(json.dumps(data))
    assert by_words._words.split(["serve http"], one_word)[0] is None


def test_words_cut_by_the_model_alone_get_the_tokenizers_pieces(pair, monkeypatch):
    """New words of the alphabet go to the tokenizer's model one by one (no normaliser,
    no pre-tokenizer): the pieces the tokenizer gives them in groups."""
    by_words, _ = pair
    tok, model_ids, unk = by_words._tokenizer_for(["code"])
    plain = sorted({w for t in _code_texts() + HARD for w in t.split() if not compact.outside(w)})
    by_model = words.WordPieces()
    checked = by_model._check(tok)
    assert checked.model is not None
    plain = [w for w in plain if not checked.added.search(w)]  # (their texts are cut whole)
    assert len(plain) > 1000
    monkeypatch.setattr(words, "_word_model", lambda tokenizer, starts: None)
    by_groups = words.WordPieces()
    assert by_groups._check(tok).model is None
    assert by_model.learn(plain, tok, model_ids, unk) == by_groups.learn(plain, tok, model_ids, unk)


def test_the_added_tokens_finder_answers_as_their_regex():
    # words._finder looks for the texts' shared first character before the regex.
    import re

    texts = ["", "<", "a < b", "<pa", "x<pad>", "<unk>y", "<<unk", "pad unk", "a<b<pad>c", "<PAD>", "\u203a<unk>"]
    for contents in (["<pad>", "<unk>"], ["<pad>"], ["[x]", "<unk>"], ["ab", "cd"], ["a|b"]):
        pattern = re.compile("|".join(map(re.escape, contents)))
        find = words._finder(pattern)
        for text in texts + contents:
            assert bool(find(text)) == bool(pattern.search(text)), (contents, text)
    assert not words._finder(None)("<pad>")
