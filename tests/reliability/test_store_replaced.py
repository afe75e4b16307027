"""A store deleted and made again at the same path (rm, then lode index) while a daemon
serves it: the daemon kept answering from the deleted file, and the CLI's look-ups,
which ask a daemon serving the same path, answered "no definition" for what the new
store holds. Now the CLI answers from the file at the path, and the daemon refuses to
answer from the old one, saying to restart it."""

from __future__ import annotations

import os
import subprocess
import sys

from daemon import Daemon, request

LODE = [sys.executable, "-m", "lode"]


def test_a_store_made_again_under_a_running_daemon_is_not_answered_from_the_old_file(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "app.py").write_text("def first_version():\n    return 1\n")
    daemon = Daemon(tmp_path / "d")
    env = {**os.environ, "LODE_SOCKET": daemon.socket, "LODE_DB": daemon.db}
    env.pop("LODE_NO_DAEMON", None)
    try:
        assert "result" in daemon.exchange(request("index.run", {"workspace": str(ws), "embed": False}))[0]
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(daemon.db + suffix):
                os.remove(daemon.db + suffix)
        (ws / "app.py").write_text("def second_version():\n    return 2\n")
        made = subprocess.run([*LODE, "index", str(ws), "--no-embed"], env={**env, "LODE_NO_DAEMON": "1"},
                              capture_output=True, text=True, timeout=120)
        assert made.returncode == 0, made.stderr

        found = subprocess.run([*LODE, "def", "app.second_version", "--no-lsp"], env=env, cwd=ws,
                               capture_output=True, text=True, timeout=120)
        assert found.returncode == 0 and "app.py:1" in found.stdout, found.stderr  # was "no definition"
        reply = daemon.exchange(request("symbol.definition", {"name": "app.first_version"}))[0]
        assert reply["error"]["code"] == -32020 and "restart the daemon" in reply["error"]["message"], reply
        assert daemon.alive()
    finally:
        daemon.stop()
