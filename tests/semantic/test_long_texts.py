"""A very long embed text is tokenized from its start only, with the same vector as
when the whole text goes through the tokenizer (StaticEmbedder.cut_chars_per_token)."""

from __future__ import annotations

import numpy as np
import pytest

from lode.chunking import chunk_file
from lode.embed.models import MODELS, StaticEmbedder


@pytest.fixture(scope="module")
def embedder(static_model):
    return StaticEmbedder(static_model, MODELS["static"][0])


def _whole(embedder: StaticEmbedder, texts: list[str]) -> np.ndarray:
    """The vectors with no text cut short."""
    saved = embedder.cut_chars_per_token
    embedder.cut_chars_per_token = 10**9
    try:
        return embedder.embed(texts)
    finally:
        embedder.cut_chars_per_token = saved


def _const_group(n: int) -> str:
    """A generated Go file like syscall's zerrors_*.go: one const group of n names."""
    lines = [f"\t{name}_{i} = 0x{i:x}" for i in range(n) for name in ("AF_INET", "SIOCGIFADDR")]
    return "package unix\n\n// Errors and constants.\nconst (\n" + "\n".join(lines) + "\n)\n"


def test_a_long_const_group_keeps_its_vector(embedder):
    chunks = chunk_file("zerrors_linux.go", _const_group(3000))
    texts = [c.embed for c in chunks if c.embed]
    long = [t for t in texts if len(t) > embedder.max_tokens * embedder.cut_chars_per_token]
    assert long, "the fixture must hold a text past the cut"
    np.testing.assert_array_equal(embedder.embed(texts), _whole(embedder, texts))


def test_a_start_with_too_few_pieces_falls_back_to_the_whole_text(embedder):
    # A long run of a character the model does not know (Tibetan ༺), then words: the
    # start alone holds only a few known pieces, so the whole text counts (cut at the
    # start, its vector would be another one).
    bound = embedder.max_tokens * embedder.cut_chars_per_token
    texts = ["\u0f3a" * (bound - 10) + " tail " + "serve http handler " * 600,
             "x" * (bound + 5) + " read file",
             "short text"]
    got = embedder.embed(texts)
    np.testing.assert_array_equal(got, _whole(embedder, texts))
    assert np.linalg.norm(got[0]) > 0  # the words after the cut made the vector
