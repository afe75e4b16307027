"""Helpers for driving the TUI headless."""

from __future__ import annotations

import time


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
