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
        # Never the old file's answer: a worker thread that opens the store now reads the
        # new file; one holding the old file refuses, saying to restart.
        for _ in range(4):
            reply = daemon.exchange(request("symbol.definition", {"name": "app.first_version"}))[0]
            if "error" in reply:
                assert reply["error"]["code"] == -32020 and "restart the daemon" in reply["error"]["message"]
            else:
                assert reply["result"]["total"] == 0, reply
        assert daemon.alive()
    finally:
        daemon.stop()


def test_the_mcp_server_says_its_store_was_made_again(tmp_path):
    import asyncio

    import pytest

    pytest.importorskip("mcp")
    from mcp import Client, StdioServerParameters

    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "app.py").write_text("def first_version():\n    return 1\n")
    db = tmp_path / "store.db"
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    assert subprocess.run([*LODE, "index", str(ws), "--db", str(db), "--no-embed"], env=env,
                          capture_output=True, timeout=120).returncode == 0
    args = ["-m", "lode", "mcp", "--no-watch", "--db", str(db)]

    async def go():
        async with Client(StdioServerParameters(command=sys.executable, args=args, env=env)) as client:
            before = await client.call_tool("find_definition", {"name": "app.first_version"})
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(str(db) + suffix):
                    os.remove(str(db) + suffix)
            (ws / "app.py").write_text("def second_version():\n    return 2\n")
            subprocess.run([*LODE, "index", str(ws), "--db", str(db), "--no-embed"], env=env,
                           capture_output=True, timeout=120)
            after = await client.call_tool("find_definition", {"name": "app.second_version"})
            return before, after

    before, after = asyncio.run(go())
    assert not before.is_error
    text = "".join(getattr(c, "text", "") for c in after.content)
    # Never the old file's "no definition": a thread that opens the store now reads the new
    # file and finds it; one holding the old file refuses, saying to restart the server.
    if after.is_error:
        assert "deleted or replaced" in text and "restart" in text, text
    else:
        assert "app.py" in text and "second_version" in text, text
