import json

from lode.mcp.budget import bound


def test_small_answers_pass_through():
    assert json.loads(bound({"hits": [1, 2]}, 1000)) == {"hits": [1, 2]}


def test_long_lists_are_cut_from_the_end_with_a_note():
    result = {"hits": [{"path": f"f{i}.go", "snippet": "x" * 200} for i in range(500)], "mode_used": "lexical"}
    text = bound(result, 10_000)
    assert len(text) <= 10_000
    out = json.loads(text)
    assert 0 < len(out["hits"]) < 500 and out["hits"][0]["path"] == "f0.go"
    assert out["mode_used"] == "lexical"
    assert "of 500 hits" in out["note"]


def test_one_huge_item_gets_its_strings_cut():
    text = bound({"candidates": [{"doc": "y" * 100_000}]}, 5_000)
    assert len(text) <= 5_000
    out = json.loads(text)
    assert "more characters" in out["candidates"][0]["doc"] and "note" in out


def test_bare_list_and_scalar():
    text = bound(list(range(10_000)), 2_000)
    assert len(text) <= 2_000 and json.loads(text)["result"][:3] == [0, 1, 2]
    assert len(bound("z" * 50_000, 1_000)) <= 1_000
