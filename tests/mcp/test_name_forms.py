"""The names an agent tries with the symbol tools, through ``lode mcp`` and the real MCP
client: a location it holds (a search hit's ``path:line``, a trace's or a compiler's
``path:line:column``, a code host's ``path#Lline``), an entry point's
``pkg.module:attr`` and a doc's ``Class#method``. Before, each was "nothing found" (or
"not qualified"), and the agent had to guess the qualified name from the path. A bare
name that several qualified names end in lists each with where it is defined (before:
names only, one more call each to find the one meant)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

ROUTING = '''\
"""Routes requests to their handlers."""

import re


class Router:
    """Keeps the routes of an application."""

    def __init__(self):
        self.routes = []

    def add_route(self, path: str, handler) -> None:
        """Register ``handler`` for requests to ``path``."""
        pattern = re.compile(path)
        self.routes.append((pattern, handler))

    def dispatch(self, path: str):
        for pattern, handler in self.routes:
            if pattern.fullmatch(path):
                return handler()
        return None

''' + "\n\ndef build_table(router: Router) -> dict:\n    table = {}\n" + "".join(
    f"    table['route_{i}'] = router.dispatch('/r/{i}')  # one entry of a long generated table\n"
    for i in range(400)) + "    return table\n"

APP = '''\
from shop.routing import Router

app = Router()
app.add_route("/cart", lambda: "cart")


def dispatch(path: str):
    return app.dispatch(path)
'''


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    from lode.service import Service

    root = tmp_path_factory.mktemp("forms") / "shop"
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "routing.py").write_text(ROUTING)
    (root / "shop" / "app.py").write_text(APP)
    db = root.parent / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    return root, db


def test_locations_and_other_spellings_name_the_symbol(shop, mcp_answers):
    root, db = shop
    add_route = _line(ROUTING, "def add_route")
    in_body = _line(ROUTING, "pattern = re.compile")
    late_in_table = _line(ROUTING, "table['route_390']")
    use = _line(APP, "app.add_route")
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db), "--root", str(root)]
    r = mcp_answers(args, {
        "def_line": ("find_definition", {"name": f"shop/routing.py:{add_route}"}),
        "body_line": ("describe_symbol", {"name": f"shop/routing.py:{in_body}"}),
        "late_line": ("find_definition", {"name": f"shop/routing.py:{late_in_table}"}),
        "host_link": ("find_definition", {"name": f"shop/routing.py#L{add_route}"}),
        "absolute": ("find_definition", {"name": f"{root}/shop/routing.py:{add_route}"}),
        "column": ("find_references", {"name": f"shop/app.py:{use}:{APP.split(chr(10))[use - 1].index('add_route') + 1}"}),
        "entry_point": ("find_definition", {"name": "shop.routing:Router"}),
        "doc_style": ("find_definition", {"name": "Router#dispatch"}),
        "between": ("find_definition", {"name": "shop/routing.py:3"}),
        "no_file": ("find_definition", {"name": "shop/nothere.py:3"}),
        "bare": ("find_definition", {"name": "dispatch"}),
    })
    answers = {k: json.loads(text) for k, (is_error, text) in r.items() if not is_error}

    def names(key, field="candidates"):
        return [c["name"] for c in answers[key][field]]

    assert names("def_line") == ["shop.routing.Router.add_route"]
    # what a record repeats is left out: its module (the name's head) and test: false
    assert set(answers["def_line"]["candidates"][0]) == {"name", "path", "line", "column", "kind", "detail",
                                                         "workspace"}
    assert names("body_line", "symbols") == ["shop.routing.Router.add_route"]
    assert names("late_line") == ["shop.routing.build_table"]
    assert names("host_link") == names("absolute") == ["shop.routing.Router.add_route"]
    assert answers["column"]["name"] == "shop.routing.Router.add_route"
    assert [(c["path"], c["line"]) for c in answers["column"]["references"]] == [("shop/app.py", use)]
    assert names("entry_point") == ["shop.routing.Router"]
    assert names("doc_style") == ["shop.routing.Router.dispatch"]
    assert answers["between"]["candidates"] == [] and "shop/routing.py:3" in answers["between"]["note"]
    # a bare name several qualified names end in: each listed with where it is defined
    assert answers["bare"]["candidates"] == [] and answers["bare"]["matches"] == [
        {"name": "shop.app.dispatch", "at": f"shop/app.py:{_line(APP, 'def dispatch')}"},
        {"name": "shop.routing.Router.dispatch", "at": f"shop/routing.py:{_line(ROUTING, 'def dispatch')}"}]
    is_error, text = r["no_file"]
    assert is_error and "no such file" in text and "shop/nothere.py" in text


def test_the_tools_say_which_names_they_take(shop, mcp_answers):
    root, db = shop
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db), "--root", str(root)]
    tools = {t.name: t for t in mcp_answers(args, {}, tools=True)["tools"]}
    for name in ("find_definition", "find_references", "find_implementations", "describe_symbol"):
        assert "LINE" in tools[name].input_schema["properties"]["name"]["description"]
