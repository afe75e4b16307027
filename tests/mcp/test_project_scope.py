"""``lode mcp --root PROJECT`` on a store that holds other projects too (the user's one
store, by default): calls that name no workspace answer from PROJECT."""

from __future__ import annotations

import asyncio
import json
import os
import sys

import pytest

pytest.importorskip("mcp")

CART = '''\
class Cart:
    """Items a customer is about to buy."""

    def total(self) -> int:
        """The cart's total in cents."""
        return sum(item.price for item in self.items)
'''

LEDGER_CART = '''\
class Cart:
    """A ledger's cart of postings waiting to be booked."""

    def total(self) -> int:
        return sum(p.amount for p in self.postings)
'''


@pytest.fixture(scope="module")
def two_projects(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("scope")
    shop, ledger = base / "shop", base / "ledger"
    for root, pkg, cart, readme in ((shop, "shop", CART, "# Shop\n\nThe cart total is computed at checkout.\n"),
                                    (ledger, "ledger", LEDGER_CART, "# Ledger\n\nThe cart total is booked nightly.\n")):
        (root / pkg).mkdir(parents=True)
        (root / pkg / "__init__.py").write_text("")
        (root / pkg / "cart.py").write_text(cart)
        (root / "README.md").write_text(readme)
    db = base / "store.db"
    with Service(str(db)) as svc:
        for root in (shop, ledger):
            svc.add_workspace(str(root))
            svc.index(str(root), embed=False)
    return db, shop, ledger


def text_of(result) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def test_calls_without_a_workspace_answer_from_the_root_project(two_projects):
    from mcp import Client, StdioServerParameters

    db, shop, ledger = two_projects
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(shop)]

    async def scenario():
        async with Client(StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))) as client:
            calls = {
                "search": ("search", {"query": "cart total", "mode": "lexical"}),
                "definition": ("find_definition", {"name": "cart.Cart"}),
                "describe": ("describe_symbol", {"name": "Cart.total"}),
                "symbols": ("search_symbols", {"query": "Cart"}),
                "read": ("read", {"path": "README.md"}),
                "outline": ("list_file_symbols", {"path": "shop/cart.py"}),
                "ast": ("query_ast", {"query": "(class_definition name: (identifier) @c)",
                                      "language": "python"}),
                "status": ("index_status", {}),
                # another project is still reachable by name, or by an absolute path
                "other": ("find_definition", {"name": "cart.Cart", "workspace": "ledger"}),
                "other_read": ("read", {"path": str(ledger / "README.md")}),
            }
            return {k: await client.call_tool(tool, a) for k, (tool, a) in calls.items()}

    r = asyncio.run(scenario())
    errors = {k: text_of(v) for k, v in r.items() if v.is_error}
    assert not errors, errors
    hits = json.loads(text_of(r["search"]))["hits"]
    assert hits and {h["workspace"] for h in hits} == {"shop"}
    cands = json.loads(text_of(r["definition"]))["candidates"]
    assert [(c["workspace"], c["name"]) for c in cands] == [("shop", "shop.cart.Cart")]
    described = json.loads(text_of(r["describe"]))["symbols"]
    assert [(s["workspace"], s["name"]) for s in described] == [("shop", "shop.cart.Cart.total")]
    assert {n["name"] for n in json.loads(text_of(r["symbols"]))["names"]} >= {"shop.cart.Cart"}
    assert not any(n["name"].startswith("ledger.") for n in json.loads(text_of(r["symbols"]))["names"])
    assert "computed at checkout" in text_of(r["read"])
    assert "shop.cart.Cart.total" in text_of(r["outline"])
    assert {c["path"] for c in json.loads(text_of(r["ast"]))["captures"]} == {"shop/cart.py"}
    assert [w["name"] for w in json.loads(text_of(r["status"]))["workspaces"]] == ["shop"]
    assert [c["name"] for c in json.loads(text_of(r["other"]))["candidates"]] == ["ledger.cart.Cart"]
    assert "booked nightly" in text_of(r["other_read"])


def test_started_inside_a_project_without_root_that_project_answers(two_projects):
    """An agent's client starts the server in its project folder, often without --root:
    the indexed workspace holding that folder is the project, as on the command line."""
    from mcp import Client, StdioServerParameters

    db, shop, _ledger = two_projects
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db)]

    async def scenario():
        params = StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ), cwd=str(shop / "shop"))
        async with Client(params) as client:
            return (await client.call_tool("search", {"query": "cart total", "mode": "lexical"}),
                    await client.call_tool("read", {"path": "README.md"}))

    search, read = asyncio.run(scenario())
    assert not search.is_error and not read.is_error, (text_of(search), text_of(read))
    assert {h["workspace"] for h in json.loads(text_of(search))["hits"]} == {"shop"}
    assert "computed at checkout" in text_of(read)
