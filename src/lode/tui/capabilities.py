"""The build that reads more: does this TUI's own installation register a strict
superset of the running daemon's chunkers, derivers and rankers?

Plug-ins (entry-point chunkers/derivers/rankers) make two installations of lode differ
in what they can read. When the TUI's build can do everything the running daemon can
and more, the TUI offers (once per session) to restart the daemon as its own build; a
TUI with fewer or merely different plug-ins never offers, since replacing the daemon
would lose something another client relies on.

Both sides are compared by identifier with version (``code-go-1``, ``derive-html-1``,
``body``), so a newer chunker version also counts as "reads more" only when the old one
is still there — a changed id is a difference, not a superset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CATEGORIES = ("chunkers", "derivers", "rankers")


@dataclass(frozen=True)
class Registry:
    """Identifiers per category; None where a side does not report the category (then
    it is left out of the comparison)."""

    chunkers: frozenset[str] | None = None
    derivers: frozenset[str] | None = None
    rankers: frozenset[str] | None = None

    def get(self, category: str) -> frozenset[str] | None:
        return getattr(self, category)


def from_capabilities(caps: dict[str, Any]) -> Registry:
    """The registry a daemon reports in ``sys.capabilities``."""
    chunkers = caps.get("chunkers") or {}
    derived = caps.get("derived_formats") or {}
    # Today's daemon reports the one ranker it can use right now (``ranker``, absent
    # while the store has no vectors), which says nothing about what it could load; only
    # a ``rankers`` list (a plug-in registry) is compared.
    listed = caps.get("rankers")
    rankers = None
    if isinstance(listed, (list, dict)):
        rankers = frozenset(str(r.get("id") or r.get("ranker")) if isinstance(r, dict) else str(r)
                            for r in listed)
    return Registry(frozenset(chunkers), frozenset(str(v) for v in derived.values() if v),
                    rankers)


def local() -> Registry:
    """What this installation registers, lode's own and its plug-ins (lode.plugins), in
    the shape its daemon would report it."""
    from ..service import Service

    return from_capabilities(Service.registered())


def reads_more(mine: Registry, theirs: Registry) -> dict[str, list[str]] | None:
    """What ``mine`` adds over ``theirs`` when it is a strict superset, else None."""
    extra: dict[str, list[str]] = {}
    for category in CATEGORIES:
        a, b = mine.get(category), theirs.get(category)
        if a is None or b is None:
            continue
        if not b <= a:
            return None  # the daemon has something this build lacks: never replace it
        if a - b:
            extra[category] = sorted(a - b)
    return extra or None


def restart_as_this_build(connection: Any, db_path: str | None, *, timeout: float = 15.0) -> None:
    """Stop the running daemon and start this installation's own on the same socket and
    store. Other clients see the socket vanish briefly and reconnect (they wait a grace
    period before starting a daemon of their own, so this one wins)."""
    import time

    from ..rpc.client import Client, NoDaemon, start_daemon

    connection.call("sys.shutdown")
    connection.close()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            Client(connection.socket_path, timeout=1).close()
        except NoDaemon:
            break
        time.sleep(0.05)
    start_daemon(connection.socket_path, db_path, timeout=max(1.0, deadline - time.monotonic()))
