"""The fixture workspace and helpers for driving the TUI headless."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

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


def screen_text(app) -> str:
    """The characters on the (top) screen, one line per row, as a terminal shows them."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def until(pilot, predicate, what: str, timeout: float = 20.0):
    """Let the app run until ``predicate()`` holds (daemon answers arrive on threads)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; screen:\n{screen_text(pilot.app)}")
        await pilot.pause(0.05)
