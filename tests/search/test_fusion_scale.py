"""Hybrid fusion keeps the lexical ranking's scale: the definition tiers are added to a
lexical score of a few points (bm25, path, file mass), so the fused score must be on that
scale too, or a tier outweighs all the other evidence in hybrid mode alone. A pasted
issue's best file (here the module whose function the issue names, tier 1, with a strong
base) fell behind every tier-2 mention of a common word."""

from __future__ import annotations

import pytest

from lode.search import fusion
from lode.search.ranking import Scored


def _row(cid: int, path: str) -> dict:
    return {"file_id": cid, "path": path, "byte_start": 0, "line_start": 1, "line_end": 9}


# (id, lexical score with the tier included, tier, path)
LEXICAL = [
    (1, 4.6, 2, "src/pkg/skipping.py"),      # a tier-2 hook with a modest base (2.6)
    (2, 4.59, 1, "src/pkg/mark/evaluate.py"),  # the file: tier 1, strong base (3.59)
    (3, 3.5, 2, "testing/test_skipping.py"),
    (4, 1.2, 0, "src/pkg/outcomes.py"),
]


def _scored():
    return [Scored(cid, score, tier, 0.0, _row(cid, path)) for cid, score, tier, path in LEXICAL]


def _order(scored):
    return [s.id for s in sorted(scored, key=lambda s: -s.score)]


def test_with_no_semantic_weight_hybrid_is_the_lexical_ranking():
    scored = _scored()
    fused = fusion.mix(scored, {2: 0.9, 4: 0.8}, {}, 0.0)
    assert _order(fused) == _order(scored) == [1, 2, 3, 4]
    assert [s.score for s in sorted(fused, key=lambda s: s.id)] == pytest.approx([4.6, 4.59, 3.5, 1.2])


def test_a_small_semantic_weight_nudges_instead_of_reranking_by_tier():
    # The file reads most like the issue by vectors: a 0.05 nudge lifts it over
    # the hook it nearly tied; the tier-2 test chunk stays below it.
    fused = fusion.mix(_scored(), {2: 0.95, 3: 0.2, 4: 0.1}, {}, 0.05)
    order = _order(fused)
    assert order.index(2) < order.index(1)
    assert order.index(2) < order.index(3)


def test_semantic_only_neighbours_are_kept_above_the_floor_on_the_same_scale():
    rows = {9: _row(9, "src/pkg/cache.py")}
    fused = {s.id: s for s in fusion.mix(_scored(), {9: 1.0, 2: 0.0}, rows, 0.9)}
    assert fused[9].via == ["semantic"]
    assert fused[9].score == pytest.approx(0.9 * 3.59)  # the best base is the scale
