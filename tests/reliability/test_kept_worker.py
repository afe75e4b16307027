"""A daemon keeps one idle index worker for its next small run. Its watcher re-indexes a
saved file or three at a time, and each run used to start a worker through the fork
server and end it after: the new worker loaded the language's grammar and queries again
for every save. Now the worker of a small run stays, idle, for the next one; a kept
worker that died meanwhile (the memory killer) is replaced, its run indexing every file;
and it ends with the daemon, leaving no process behind."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from daemon import Daemon
from polling import wait_for
from processes import alive, children


def _descendants(pid: int) -> set[int]:
    out, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            out.add(child)
            todo.append(child)
    return out


def _workers(daemon: Daemon) -> set[int]:
    """The daemon's index workers: the processes its fork server started."""
    servers = [p for p in children(daemon.proc.pid)
               if b"forkserver" in Path(f"/proc/{p}/cmdline").read_bytes()]
    return {w for s in servers for w in children(s) if alive(w)}


def _found(daemon: Daemon, word: str) -> bool:
    """Whether the index holds the function ``word`` (found by a symbol look-up)."""
    return bool(daemon.call("symbol.definition", {"name": word})["candidates"])


def _save(path: Path, word: str) -> None:
    path.write_text(path.read_text() + f"\ndef {word}(order):\n    return order.total\n")


def test_a_daemon_keeps_one_worker_for_its_small_runs(tmp_path):
    ws = tmp_path / "shop"
    ws.mkdir()
    for name in ("orders", "prices", "stock"):
        (ws / f"{name}.py").write_text(f"class {name.title()}:\n    def total(self):\n        return 1\n")
    daemon = Daemon(tmp_path / "d", watch=True)
    try:
        daemon.call("workspace.add", {"root": str(ws)})
        daemon.call("index.run", {})
        [first] = _workers(daemon)  # the run's worker, kept

        _save(ws / "orders.py", "refund_everything")
        assert wait_for(lambda: _found(daemon, "refund_everything"), 30)
        assert _workers(daemon) == {first}  # the saved file's run used it again

        os.kill(first, signal.SIGKILL)  # as the memory killer would, while it is idle
        assert wait_for(lambda: not alive(first), 10)
        _save(ws / "prices.py", "discount_everything")
        _save(ws / "stock.py", "restock_everything")
        assert wait_for(lambda: _found(daemon, "discount_everything") and _found(daemon, "restock_everything"), 30)
        [second] = _workers(daemon)
        assert second != first
        [shop] = daemon.call("index.status", {})["workspaces"]
        assert shop["files"] == 3 and shop["refused"] == [], shop

        family = _descendants(daemon.proc.pid)
        assert second in family
    finally:
        daemon.stop()
    assert daemon.proc.returncode is not None
    assert wait_for(lambda: not any(alive(p) for p in family), 10), [p for p in family if alive(p)]
