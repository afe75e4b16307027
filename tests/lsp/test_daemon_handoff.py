"""The daemon keeps a language server warm across calls and stops it when it stops."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from lode.rpc.client import Client, NoDaemon

from .conftest import PYTHON, need, write

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


def children(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of the processes whose parent is ``pid``."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    out.append((int(entry), f.read().replace(b"\0", b" ").decode()))
        except (OSError, ValueError, IndexError):
            continue
    return out


def test_daemon_hand_off_is_warm_and_stops_with_the_daemon(tmp_path, monkeypatch):
    need("jedi-language-server")
    root = write(tmp_path / "ws", PYTHON)
    sock, db = str(tmp_path / "s.sock"), str(tmp_path / "store.db")
    env = dict(os.environ, LODE_LSP="jedi-language-server", LODE_LSP_TIMEOUT="30")
    log = open(tmp_path / "daemon.log", "wb")
    proc = subprocess.Popen([*LODE, "serve", "--socket", sock, "--db", db, "--no-watch"], env=env,
                            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                Client(sock, timeout=2).close()
                break
            except NoDaemon:
                assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "daemon.log").read_text()
                time.sleep(0.05)
        with Client(sock, timeout=60) as c:
            c.call("workspace.add", {"root": str(root), "name": "py"})
            c.call("index.run", {"workspace": "py", "embed": False})
            params = {"name": "shapes.model.Widget.render", "all": True}
            t0 = time.monotonic()
            index_only = c.call("symbol.references", params)
            index_ms = (time.monotonic() - t0) * 1000
            assert index_only["source"] == "index"
            first = c.call("symbol.references", {**params, "lsp": True})
            assert first["source"] == "lsp:jedi-language-server", first.get("lsp")
            t0 = time.monotonic()
            warm = c.call("symbol.references", {**params, "lsp": True})
            warm_s = time.monotonic() - t0
        assert warm["source"] == "lsp:jedi-language-server" and warm_s < 1.0
        assert {("app.py", 11)} <= {(r["path"], r["line"]) for r in warm["references"]}
        assert index_ms < 500  # over the socket, on a loaded machine; in-process it is milliseconds
        servers = [p for p, cmd in children(proc.pid) if "jedi-language-server" in cmd]
        assert len(servers) == 1  # one server, kept across the calls
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
    time.sleep(0.5)
    for pid in servers:
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
