"""Second stage: a :class:`Ranker` re-scores the top fused candidates.

:class:`BodyRanker` embeds each candidate's *full body* (breadcrumb + verbatim text,
which the first stage never embeds: vectors cover only the embed surface) with the
store's embedding model and blends that cosine with the first-stage score. It is
available wherever the model can load; its measured effect is in docs/embeddings.md.
"""

from __future__ import annotations

from ..embed.models import Embedder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol
else:
    Protocol = object  # a plain base at run time: typing costs a search ~12 M instructions

TOP_N = 30
BODY_CHARS = 1500
BLEND = 0.3  # share of the body cosine in the ranked score


class Ranker(Protocol):
    id: str

    def rank(self, query: str, candidates: list[dict]) -> list[float]:
        """One score per candidate (dicts with ``score``, ``breadcrumb``, ``body``), higher is better."""
        ...


class BodyRanker:
    def __init__(self, embedder: Embedder, blend: float = BLEND):
        self.embedder = embedder
        self.blend = blend
        self.id = f"body:{embedder.id}"

    def rank(self, query: str, candidates: list[dict]) -> list[float]:
        if not candidates:
            return []
        texts = [f"{c['breadcrumb']}\n{c['body'][:BODY_CHARS]}" for c in candidates]
        words = getattr(self.embedder, "query_words", None)
        if words:
            query = " ".join(query.split()[:words])
        vecs = self.embedder.embed([query] + texts)
        cos = vecs[1:] @ vecs[0]
        import numpy as np  # only a rerank needs it

        first = np.array([c["score"] for c in candidates], dtype=np.float32)
        span = float(first.max() - first.min())
        first = (first - first.min()) / span if span > 0 else np.ones_like(first)
        lo, hi = float(cos.min()), float(cos.max())
        cosn = (cos - lo) / (hi - lo) if hi > lo else np.ones_like(cos)
        return [float(x) for x in (1.0 - self.blend) * first + self.blend * cosn]
