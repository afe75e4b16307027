"""``lode mcp --root A --root B`` on a store holding a third project C: a look-up that
names no workspace reads A and B, never C. Before, the symbol index was read for one
workspace or for all, so a server with several roots answered from every project the
store held (C's ``cart.Cart`` among A's and B's). The server passes its roots as a
list of workspaces, which the service reads as those only (the daemon's side:
tests/rpc/test_workspace_list.py). Real MCP SDK client."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

from cart_projects import write_cart_projects  # noqa: E402

@pytest.fixture(scope="module")
def three_projects(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("roots")
    db = base / "store.db"
    with Service(str(db)) as svc:
        for root in write_cart_projects(base):
            svc.add_workspace(str(root))
            svc.index(str(root), embed=False)
    return base, db


def test_lookups_read_only_the_servers_roots(three_projects, mcp_answers):
    base, db = three_projects
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(base / "shop"), "--root", str(base / "ledger")]
    r = mcp_answers(args, {
        "definition": ("find_definition", {"name": "cart.model.Cart"}),
        "bare": ("find_definition", {"name": "checkout"}),
        "references": ("find_references", {"name": "cart.model.Cart"}),
        "describe": ("describe_symbol", {"name": "Cart.total"}),
        "symbols": ("search_symbols", {"query": "restore_archived"}),
        "listed": ("list_symbols", {"prefix": "cart."}),
        # another project is still reachable by name, or by an absolute location
        "named": ("find_definition", {"name": "cart.model.Cart", "workspace": "archive"}),
        "absolute": ("find_definition", {"name": f"{base / 'archive' / 'cart' / 'model.py'}:1"}),
    })
    errors = {k: text for k, (is_error, text) in r.items() if is_error}
    assert not errors, errors

    def workspaces(key, field):
        return sorted({item["workspace"] for item in json.loads(r[key][1])[field]})

    assert workspaces("definition", "candidates") == ["ledger", "shop"]
    assert workspaces("references", "references") == ["ledger", "shop"]
    assert workspaces("describe", "symbols") == ["ledger", "shop"]
    assert workspaces("listed", "symbols") == ["ledger", "shop"]
    # one qualified name in both roots: looked up, not listed as two names
    assert workspaces("bare", "candidates") == ["ledger", "shop"]
    assert not json.loads(r["symbols"][1])["names"]  # archive's own name
    assert workspaces("named", "candidates") == ["archive"]
    assert [(c["name"], c["workspace"]) for c in json.loads(r["absolute"][1])["candidates"]] == \
        [("cart.model.Cart", "archive")]
