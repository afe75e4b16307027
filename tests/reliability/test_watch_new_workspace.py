"""A workspace added past the daemon's own workspace.add — by an index.run naming a new
root, or by lode index in another process — is watched like the others: a file saved in
it is indexed within seconds. Before, the watcher read the workspace list only when the
daemon started or its own workspace methods ran (with no workspace at start it waited
for ever), so such a workspace was never re-indexed live."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from daemon import Daemon, request


def _found(daemon, name: str, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if daemon.exchange(request("symbol.definition", {"name": name}))[0]["result"]["total"]:
            return True
        time.sleep(0.3)
    return False


def _project(root, package: str) -> None:
    root.mkdir()
    (root / "app.py").write_text("def handler():\n    return 1\n")


def test_workspaces_added_by_index_run_or_another_process_are_watched(tmp_path):
    by_rpc, by_cli = tmp_path / "by_rpc", tmp_path / "by_cli"
    _project(by_rpc, "rpc")
    _project(by_cli, "cli")
    daemon = Daemon(tmp_path / "d", watch=True)
    try:
        assert "result" in daemon.exchange(request("index.run", {"workspace": str(by_rpc), "embed": False}))[0]
        time.sleep(2)  # the watcher's look at the workspace list
        (by_rpc / "saved.py").write_text("def saved_by_rpc():\n    return 2\n")
        assert _found(daemon, "saved.saved_by_rpc")

        cli = subprocess.run([sys.executable, "-m", "lode", "index", str(by_cli), "--db", daemon.db, "--no-embed"],
                             capture_output=True, text=True, timeout=120,
                             env={**os.environ, "LODE_NO_DAEMON": "1"})
        assert cli.returncode == 0, cli.stderr
        time.sleep(2)
        (by_cli / "later.py").write_text("def saved_by_cli():\n    return 3\n")
        assert _found(daemon, "later.saved_by_cli")
        assert daemon.alive()
    finally:
        daemon.stop()
