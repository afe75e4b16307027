"""Waiting in tests for what a daemon or a watcher does on its own threads."""

from __future__ import annotations

import time


def wait_for(check, timeout: float = 30.0, interval: float = 0.05):
    """``check()``'s first truthy value, asked every ``interval`` seconds for up to
    ``timeout`` seconds; None when it stays falsy."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            return None
        time.sleep(interval)
