"""A text's vector is the mean of its weighted token vectors, summed per dimension in
the order numpy sums a column of token rows: vectors stored by earlier runs stay the
ones a new run makes for the same text (a search compares them with each other)."""

from __future__ import annotations

import numpy as np
import pytest
from safetensors.numpy import load_file

from lode.embed.models import MODELS, StaticEmbedder, _normalize

from .conftest import repo_embed_texts


@pytest.fixture(scope="module")
def embedder(static_model):
    return StaticEmbedder(static_model, MODELS["static"][0])


def _reference(embedder: StaticEmbedder, texts: list[str]) -> np.ndarray:
    """Each text's vector from the model's tensors as stored (one row per token), the
    rows of a text reduced along the token axis."""
    tensors = load_file(str(embedder.path / "model.safetensors"))
    rows = tensors["embeddings"].astype(np.float32)
    mapping, weights = tensors.get("mapping"), tensors.get("weights")
    pieces = embedder._pieces(texts, texts)
    out = np.zeros((len(texts), rows.shape[1]), dtype=np.float32)
    for i, piece in enumerate(pieces):
        ids = np.frombuffer(piece, dtype="<i4").astype(np.int64)
        if not len(ids):
            continue
        vals = rows[ids if mapping is None else mapping.astype(np.int64)[ids]]
        if weights is not None:
            vals = vals * weights.astype(np.float32)[ids][:, None]
        out[i] = np.add.reduceat(vals, [0], axis=0)[0] / len(ids)
    return _normalize(out)


def test_vectors_are_the_per_dimension_sums_of_token_rows(embedder):
    texts = repo_embed_texts(("src/lode/embed", "src/lode/symbols", "src/lode/languages/go"), (".py", ".scm"))
    texts += ["", "x", "\u0f3a\u0f3a", "func ServeHTTP(w ResponseWriter, r *Request)", "Größe — naïve café"]
    assert len(texts) > 300
    got = embedder.embed(texts)
    np.testing.assert_array_equal(got, _reference(embedder, texts))
    assert got.dtype == np.float32 and np.count_nonzero(np.linalg.norm(got, axis=1)) >= len(texts) - 3
