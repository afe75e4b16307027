"""Fusing lexical and semantic candidates, chosen by measurement
(bench/retrieval.py, docs/embeddings.md).

Default: a weighted sum. The lexical side is lode's code-aware score (tier + bm25
relative to the best bm25 of the query), divided by its maximum; the semantic side is
the cosine, min-max scaled over the semantic candidates. A chunk missing from a side
scores 0 there. The semantic weight depends on the query: long texts (issue reports,
stack traces) are lexical-heavy, short descriptions are where vectors help most.
The fused score is put back on the lexical scale (times the best lexical score) before
the definition tiers are added again, so a tier weighs against the rest of the evidence
as it does in lexical mode: an exact identifier's definition (tier ≥ 2) keeps its lead,
and with no semantic weight hybrid is the lexical ranking. (Added to the bare [0, 1]
fusion, tiers had outweighed a pasted text's whole base of ~3–4: SWE-bench dev hybrid
file@5 70.7 → 75.6, file@10 75.6 → 80.5, fn@5 36.6 → 41.5, fn@10 51.2 → 56.1; semble
dev hybrid 0.868 → 0.875, 10 queries up, none down.)

Reciprocal rank fusion (k=60) is kept for comparison: it lost to BM25 on the issue
benchmark (it gives a weak dense list as much say as a strong lexical one).
"""

from __future__ import annotations

from .ranking import Scored

# Semantic weight by query length (number of words). Long queries: swept on the 41
# SWE-bench issues (bench/retrieval.py --sweep; docs/embeddings.md): the static model
# helps only as a nudge (0.05: file@5 61.0 → 63.4, fn@5 29.3 → 31.7, fn@10 kept; 0.2
# already loses); so does MiniLM over lode's lexical side (0.05: file@5 65.7 → 68.6,
# fn@10 kept; 0.1: 71.4 but fn@10 −2.9; the research harness's 0.3, tuned against plain
# BM25, loses here). Short queries lean on vectors more (not benchmarked: no short-query
# set yet).
SHORT_WORDS = 8
WEIGHT_SHORT = 0.3
WEIGHT_LONG = {"static": 0.05, "minilm": 0.05}
RRF_K = 60
# In hybrid results, a chunk found only by vectors is kept when its fused score is above
# this share of the best: semantic neighbours fill in where the words are weak, and do
# not trail 50 unrelated chunks behind an exact match.
SEMANTIC_ONLY_FLOOR = 0.5


def dense_weight(words: int, model: str, override: float | None = None) -> float:
    if override is not None:
        return override
    if words <= SHORT_WORDS:
        return WEIGHT_SHORT
    return WEIGHT_LONG.get(model, 0.2)


def weighted(lexical: dict[int, float], semantic: dict[int, float], w: float) -> dict[int, float]:
    """``(1-w)·lexical/max + w·minmax(semantic)`` over the union of candidates."""
    out: dict[int, float] = {}
    lmax = max(lexical.values(), default=0.0)
    if semantic:
        smin, smax = min(semantic.values()), max(semantic.values())
        span = smax - smin
    for cid in set(lexical) | set(semantic):
        lex = lexical.get(cid, 0.0) / lmax if lmax > 0 else 0.0
        sem = 0.0
        if cid in semantic:
            sem = (semantic[cid] - smin) / span if span > 0 else 1.0
        out[cid] = (1.0 - w) * lex + w * sem
    return out


def rrf(lexical_order: list[int], semantic_order: list[int], w: float = 0.5, k: int = RRF_K) -> dict[int, float]:
    """Weighted reciprocal rank fusion (w = semantic share), scaled so the top is ≤ 1."""
    out: dict[int, float] = {}
    for share, order in ((1.0 - w, lexical_order), (w, semantic_order)):
        for rank, cid in enumerate(order):
            out[cid] = out.get(cid, 0.0) + share * (k + 1) / (k + rank + 1)
    return out


def mix(scored: list, semantic: dict[int, float], rows: dict[int, dict], w: float) -> list:
    """Hybrid: ``(1-w)·ranked/max + w·minmax(cosine)`` over the union of both sides,
    keeping definition tiers whole (an exact identifier's definition stays first).
    A chunk found only by vectors keeps SEMANTIC_ONLY_FLOOR of the best to stay."""
    base = {s.id: s.score - s.tier for s in scored}
    fused = weighted(base, semantic, w)
    # Back on the lexical scale, where the tiers were added: a tier counts against the
    # fused score as it counted against the lexical one (divided by the best lexical
    # score, a pasted text's base of ~3.6 shrank below a tier of 1-2, and a hybrid
    # ranking became a ranking by tier).
    scale = max(base.values(), default=0.0)
    scale = scale if scale > 0 else 1.0
    top = max(fused.values(), default=0.0)
    by_id = {s.id: s for s in scored}
    out = []
    for cid, value in fused.items():
        s = by_id.get(cid)
        if s is None:
            if value <= SEMANTIC_ONLY_FLOOR * top or cid not in rows:
                continue
            out.append(Scored(cid, value * scale, 0, 0.0, rows[cid], ["semantic"]))
            continue
        via = ["lexical", "semantic"] if cid in semantic else ["lexical"]
        out.append(Scored(cid, value * scale + s.tier, s.tier, s.lexical, s.row, via))
    return out


def fill(scored: list, semantic: dict[int, float], rows: dict[int, dict]) -> list:
    """auto's fill-in: the lexical ranking as it is, then the vectors' neighbours that
    the words did not find, in cosine order, all below the last lexical hit."""
    have = {s.id for s in scored}
    floor = min((s.score for s in scored), default=1.0)
    extra = sorted(((c, i) for i, c in semantic.items() if i not in have and i in rows), reverse=True)
    out = list(scored)
    for rank, (_cosine, cid) in enumerate(extra):
        out.append(Scored(cid, floor * 0.5 / (1 + rank), 0, 0.0, rows[cid], ["semantic"]))
    return out
