"""``query-ast`` / ``ast.query`` walk folders by the workspace's rules — the files search
sees: nested ``.gitignore`` files, excludes (``vendor/``), hidden folders."""

from __future__ import annotations

import pytest

from lode.service import Service

QUERY = "(function_definition name: (identifier) @name)"


@pytest.fixture()
def tree(tmp_path):
    root = tmp_path / "proj"
    files = {
        "a.py": "def kept_top():\n    pass\n",
        "sub/b.py": "def kept_sub():\n    pass\n",
        "sub/gen_out.py": "def ignored_by_root_rule():\n    pass\n",   # root .gitignore: **/gen_*.py
        "sub/local.py": "def ignored_by_nested_rule():\n    pass\n",  # sub/.gitignore: local.py
        "scratch.py": "def ignored_top():\n    pass\n",              # root .gitignore: /scratch.py
        "vendor/dep.py": "def vendored():\n    pass\n",              # excluded by default
        ".hidden/h.py": "def hidden():\n    pass\n",
        ".gitignore": "**/gen_*.py\n/scratch.py\n",
        "sub/.gitignore": "local.py\n",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _names(answer: dict) -> set[str]:
    return {c["text"] for c in answer["captures"]}


def test_a_workspace_query_sees_the_files_search_sees(tree, tmp_path):
    with Service(str(tmp_path / "lode.db")) as svc:
        svc.index(str(tree), embed=False)
        answer = svc.query_ast(QUERY, workspace=str(tree))
        assert _names(answer) == {"kept_top", "kept_sub"}
        assert {c["path"] for c in answer["captures"]} == {"a.py", "sub/b.py"}
        # a subfolder keeps the root's rules (its .gitignore) and its own
        assert _names(svc.query_ast(QUERY, paths=["sub"], workspace=str(tree))) == {"kept_sub"}
        # the same files as the index: what the query leaves out, search never finds
        for left_out in ("vendored", "ignored_top", "ignored_by_root_rule", "ignored_by_nested_rule", "hidden"):
            assert not svc.search(left_out, workspace=str(tree), mode="lexical")["hits"], left_out
        # a file named explicitly is read as named
        assert _names(svc.query_ast(QUERY, paths=["vendor/dep.py"], workspace=str(tree))) == {"vendored"}


def test_a_workspace_exclude_applies(tree, tmp_path):
    with Service(str(tmp_path / "lode.db")) as svc:
        svc.add_workspace(str(tree), exclude=["sub/**"])
        assert _names(svc.query_ast(QUERY, workspace=str(tree))) == {"kept_top"}


def test_a_query_over_files_without_a_store_walks_by_the_default_rules(tree, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # the folder is inside the current folder
    assert _names(Service.query_ast_files(QUERY, ["proj"])) == {"kept_top", "kept_sub"}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # and when it is not
    assert _names(Service.query_ast_files(QUERY, [str(tree)])) == {"kept_top", "kept_sub"}
