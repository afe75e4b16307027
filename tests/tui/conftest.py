"""A real daemon on a fixture workspace (the example shop project plus a caller of its
cart and a binary file the indexer refuses), and helpers to drive the TUI headless."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rpc"))

from daemon_process import DaemonProcess  # noqa: E402

REPO = Path(__file__).resolve().parents[2]

CHECKOUT = '''"""Checkout: turns a cart into an order total."""

from cart import ShoppingCart, LineItem, apply_discount


def checkout(cart: ShoppingCart, percent: int) -> int:
    cart.add_item(LineItem("gift-wrap", 1, 250))
    return apply_discount(cart.total_cents(), percent)
'''


def make_shop(base: Path) -> Path:
    shop = base / "shop"
    shutil.copytree(REPO / "examples" / "shop", shop)
    (shop / "cart" / "checkout.py").write_text(CHECKOUT)
    (shop / "docs" / "broken.txt").write_bytes(b"ok\xff\xfe\x00bad")
    return shop


@pytest.fixture(scope="module")
def shop_daemon(tmp_path_factory):
    base = tmp_path_factory.mktemp("tui")
    shop = make_shop(base)
    d = DaemonProcess(base)
    d.shop = shop
    d.base = base
    d.call("workspace.add", {"root": str(shop)})
    d.call("index.run", {"workspace": "shop"})
    yield d
    d.stop()
