"""``lode mcp --root`` ends cleanly while its first index run is under way, however it is
told to: its client closing stdin, SIGTERM, or SIGINT. The run stops at its next batch
(the server says so), the worker pool ends with it, and nothing else is written to
stderr. Before, SIGTERM killed the process outright (the resource tracker then warned of
the pool's leaked semaphores), SIGINT left it waiting for ever on the thread reading
stdin, and an exit while threads still ran could abort with "FATAL: exception not
rethrown". A real server process over stdio, on a project large enough to be mid-index."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

pytest.importorskip("mcp")

MODULE = '''\
"""Orders of customer {n}."""


class Order{n}:
    """One order: its lines and its customer."""

    def __init__(self, lines: list[int]) -> None:
        self.lines = lines

    def total(self) -> int:
        return sum(self.lines) + {n}


def place_order_{n}(lines: list[int]) -> Order{n}:
    return Order{n}(lines)
'''

FILES = 4000
NOISE = ("FATAL", "leaked", "Traceback", "Aborted", "Exception", "Error")


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("big") / "orders"
    for n in range(FILES):
        folder = root / f"pkg{n // 100}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"orders_{n}.py").write_text(MODULE.format(n=n))
    return root


def _wait_until_files_are_stored(db, timeout: float = 60.0) -> None:
    """Until the store holds a first batch of files: on a loaded machine a fixed sleep
    could end before the run began (the server then had nothing to stop)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.2) as con:
                if con.execute("SELECT count(*) FROM files").fetchone()[0]:
                    return
        except sqlite3.Error:
            pass  # not created yet, or mid-write
        time.sleep(0.05)
    raise AssertionError("the index run stored no file")


@pytest.mark.parametrize("how", ["stdin closed", "SIGTERM", "SIGINT"])
def test_a_server_told_to_stop_mid_index_ends_cleanly(project, tmp_path, how):
    server = subprocess.Popen(
        [sys.executable, "-c", "from lode.cli import main; main()", "mcp", "--db", str(tmp_path / "store.db"),
         "--root", str(project)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}).encode() + b"\n")
        server.stdin.flush()
        assert b'"result"' in server.stdout.readline()
        _wait_until_files_are_stored(tmp_path / "store.db")  # the first index run is under way
        if how == "stdin closed":
            server.stdin.close()
        else:
            server.send_signal(signal.SIGTERM if how == "SIGTERM" else signal.SIGINT)
        code = server.wait(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    stderr = server.stderr.read().decode()
    assert code == 0, stderr
    assert "the index run stopped" in stderr  # it was mid-index
    assert not [w for w in NOISE if w in stderr], stderr
