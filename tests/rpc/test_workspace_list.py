"""The daemon's ``symbol.*`` methods and ``search.query`` take a list of workspaces as
``workspace`` (names or roots): the answer reads those only — the rule ``lode mcp``
with several ``--root``s goes by (tests/mcp/test_several_roots.py). Before, a list was
refused (-32602: 'workspace' must be a string) and the symbol index could be read for
one workspace or all. Real daemon, real store."""

from __future__ import annotations

import pytest

from lode.rpc.client import RemoteError
from cart_projects import CART, write_cart_projects
from daemon_process import DaemonProcess

@pytest.fixture(scope="module")
def three(tmp_path_factory):
    base = tmp_path_factory.mktemp("three")
    daemon = DaemonProcess(base, watch=False)
    for root in write_cart_projects(base):
        daemon.call("workspace.add", {"root": str(root)})
    daemon.call("index.run", {"embed": False})
    yield daemon, base
    daemon.stop()


def test_a_list_of_workspaces_scopes_every_lookup(three):
    daemon, base = three
    two = ["shop", str(base / "ledger")]  # a name and a root
    found = daemon.call("symbol.definition", {"name": "cart.model.Cart", "workspace": two})
    assert sorted(c["workspace"] for c in found["candidates"]) == ["ledger", "shop"]
    uses = daemon.call("symbol.references", {"name": "Cart.total", "workspace": two})
    assert sorted({c["workspace"] for c in uses["references"]}) == ["ledger", "shop"]
    described = daemon.call("symbol.describe", {"name": "Cart.total", "workspace": two})
    assert sorted(s["workspace"] for s in described["symbols"]) == ["ledger", "shop"]
    listed = daemon.call("symbol.list", {"prefix": "cart.", "workspace": two})
    assert sorted({s["workspace"] for s in listed["symbols"]}) == ["ledger", "shop"]
    assert not daemon.call("symbol.search", {"query": "restore_archived", "workspace": two})["names"]
    assert daemon.call("symbol.search", {"query": "restore_archived", "workspace": ["archive"]})["names"]
    hits = daemon.call("search.query", {"query": "cart", "workspace": two, "mode": "lexical"})
    assert {h["workspace"] for h in hits["hits"]} == {"ledger", "shop"}
    assert len(daemon.call("symbol.definition", {"name": "cart.model.Cart"})["candidates"]) == 3


def test_a_bad_list_is_refused_naming_it(three):
    daemon, _base = three
    with pytest.raises(RemoteError) as empty:
        daemon.call("symbol.definition", {"name": "cart.model.Cart", "workspace": []})
    assert empty.value.rpc_code == -32602 and "empty list" in empty.value.message
    with pytest.raises(RemoteError) as unknown:
        daemon.call("symbol.references", {"name": "cart.model.Cart", "workspace": ["shop", "nowhere"]})
    assert unknown.value.rpc_code == -32004 and "nowhere" in unknown.value.message
    with pytest.raises(RemoteError) as wrong:
        daemon.call("symbol.definition", {"name": "cart.model.Cart", "workspace": ["shop", 3]})
    assert wrong.value.rpc_code == -32602


def test_a_location_names_the_declaration_there(three):
    """symbol.* take a location as the name (path relative to the workspace root, or
    absolute); a relative path several workspaces hold needs the workspace named."""
    daemon, base = three
    line = CART.split("\n").index("def checkout(cart: Cart) -> int:") + 1
    found = daemon.call("symbol.definition", {"name": f"cart/model.py:{line}", "workspace": "ledger"})
    assert [(c["name"], c["workspace"]) for c in found["candidates"]] == [("cart.model.checkout", "ledger")]
    total = CART.split("\n").index("    def total(self) -> int:") + 1
    absolute = daemon.call("symbol.references", {"name": f"{base / 'archive' / 'cart' / 'model.py'}:{total}"})
    assert absolute["name"] == "cart.model.Cart.total"
    assert {(c["workspace"], c["line"]) for c in absolute["references"]} == {("archive", line + 1)}
    with pytest.raises(RemoteError) as several:
        daemon.call("symbol.definition", {"name": f"cart/model.py:{line}"})
    assert several.value.rpc_code == -32602 and "shop" in several.value.message
