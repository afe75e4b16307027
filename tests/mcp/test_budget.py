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


def references_answer(n: int = 432) -> dict:
    """A find_references answer the size of fastapi's uses of Depends."""
    refs = [{"name": "fastapi.Depends",
             "path": f"docs_src/authentication_error_status_code/tutorial{i:03d}_an_py310.py",
             "line": 3 + i % 40, "column": 21 + i % 9, "kind": "reference",
             "module": f"authentication_error_status_code.tutorial{i:03d}_an_py310", "test": i % 3 == 0,
             "workspace": "fastapi"}
            for i in range(n)]
    return {"name": "fastapi.Depends", "references": refs, "total": n, "truncated": False, "source": "index"}


def test_every_budget_gives_valid_json_within_it_and_says_it_was_cut():
    """Whatever the budget, the answer parses, fits, keeps whole items, and says it is
    cut: a kept list that left less room than its note needed used to be sliced into
    invalid JSON (with every path cut to 50 characters first), and `truncated` stayed
    false though most references were left out."""
    answer = references_answer()
    for budget in range(2_000, 12_000, 37):
        text = bound(answer, budget)
        assert len(text) <= budget, budget
        out = json.loads(text)
        kept = out["references"]
        assert 0 < len(kept) < 432 and kept == answer["references"][:len(kept)], budget
        assert out["truncated"] is True and f"kept {len(kept)} of 432 references" in out["note"]
