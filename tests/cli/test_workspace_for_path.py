"""The command line finds the current folder's workspace over a daemon's workspace list
by the rule the service applies to its store (lode.workspace.roots, one module): the
innermost root, a root's prefix-sharing sibling not holding it, symlinks resolved. Real
store; the daemon's workspace.list is the service's list_workspaces."""

from __future__ import annotations

import os

from lode.cli.remote import workspace_for_path
from lode.service import Service


def test_the_cli_and_the_service_find_the_same_workspace(tmp_path):
    shop, nested, sibling = tmp_path / "shop", tmp_path / "shop" / "vendor" / "lib", tmp_path / "shop-2"
    for folder in (shop / "cart", nested / "src", sibling):
        folder.mkdir(parents=True)
    link = tmp_path / "link"
    link.symlink_to(shop / "cart")
    with Service(str(tmp_path / "store.db")) as svc:
        for root in (shop, nested, sibling):
            svc.add_workspace(str(root))
        listed = svc.list_workspaces()
        asked = {str(p): workspace_for_path(listed, str(p))
                 for p in (shop / "cart", nested / "src", sibling, link, tmp_path, shop / "cart" / "x.py")}
        assert asked == {str(p): svc.workspace_for_path(str(p)) for p in map(os.fspath, asked)}
    assert asked == {str(shop / "cart"): "shop", str(nested / "src"): "lib", str(sibling): "shop-2",
                     str(link): "shop", str(tmp_path): None, str(shop / "cart" / "x.py"): "shop"}
