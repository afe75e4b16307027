"""``query_ast`` without a language tries the query on every language the workspace
holds; a query written for one does not compile for the others. Before, the answer
listed an "Invalid node type" error for each of those next to the captures, and an
agent read the query as partly wrong. A query that fits some language answers from
those alone; only a query that fits no language says why, language by language. Through
the SDK's real stdio client against ``lode mcp`` on a real store."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

CART = '''\
class Cart:
    """Items a customer means to buy."""

    def total(self) -> int:
        return sum(self.items)
'''

MUX = """package router

// Mux matches a request's path against the registered routes.
type Mux struct{ routes map[string]string }
"""

PAGE = """export function render(page: string): string {
  return page.trim();
}
"""


@pytest.fixture(scope="module")
def answers(tmp_path_factory, mcp_answers):
    from lode.service import Service

    base = tmp_path_factory.mktemp("ast-languages")
    project = base / "project"
    project.mkdir()
    (project / "cart.py").write_text(CART)
    (project / "mux.go").write_text(MUX)
    (project / "page.ts").write_text(PAGE)
    db = base / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(project))
        svc.index(str(project), embed=False)
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(project)]
    return mcp_answers(args, {
        "python": ("query_ast", {"query": "(class_definition name: (identifier) @name)"}),
        "python_none": ("query_ast", {"query": "(class_definition name: (identifier) @name)",
                                      "paths": ["mux.go", "page.ts"]}),
        "nowhere": ("query_ast", {"query": "(no_such_node) @x"}),
    })


def _result(answer) -> dict:
    is_error, text = answer
    assert not is_error, text
    return json.loads(text)


def test_a_query_for_one_language_answers_from_it_alone(answers):
    r = _result(answers["python"])
    assert [(c["path"], c["text"]) for c in r["captures"]] == [("cart.py", "Cart")]
    assert "Invalid node type" not in json.dumps(r)
    assert not r.get("errors")


def test_a_query_that_fits_no_language_says_why_for_each(answers):
    r = _result(answers["nowhere"])
    assert r["captures"] == []
    assert {e["language"] for e in r["errors"]} == {"python", "go", "typescript"}


def test_no_file_of_the_fitting_language_in_the_paths_says_so(answers):
    # the query fits Python, but the paths hold Go and TypeScript only: nothing it fits
    r = _result(answers["python_none"])
    assert r["captures"] == []
    assert {e["language"] for e in r["errors"]} == {"go", "typescript"}
