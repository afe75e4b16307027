"""A daemon stopped in the middle of an index run ends promptly and cleanly: the run stops
at its next file (each batch already written whole), its worker processes end with it,
the store is consistent, and the next run finishes the job with the same index as a run
that was never stopped."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import time
from pathlib import Path

from lode.service import Service

from daemon_process import DaemonProcess
from processes import alive

FILES = 1200


def _corpus(root: Path) -> None:
    root.mkdir()
    for i in range(FILES):
        (root / f"m{i:04d}.py").write_text("".join(
            f"def f_{i}_{j}(a, b):\n    '''Add {j} to a times b.'''\n    return a * b + {j}\n\n\n"
            for j in range(60)))


def _children(pid: int) -> set[int]:
    """Every living descendant of ``pid``."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parents[int(entry)] = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _send(sock_path: str, method: str, params: dict) -> socket.socket:
    """Send one request and keep the connection open without reading the answer."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(sock_path)
    sock.sendall(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode() + b"\n")
    return sock


def _consistent(db: str) -> tuple[int, int]:
    """(files, chunks) of a store whose files, chunks and lexical rows agree."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        files = conn.execute("SELECT count(*) FROM files WHERE refused IS NULL").fetchone()[0]
        chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        # every admitted file has its chunks, and no chunk lacks its file
        assert conn.execute("SELECT count(*) FROM files f WHERE refused IS NULL AND NOT EXISTS "
                            "(SELECT 1 FROM chunks c WHERE c.file_id = f.id)").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM chunks c WHERE NOT EXISTS "
                            "(SELECT 1 FROM files f WHERE f.id = c.file_id)").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM chunks_fts").fetchone()[0] == chunks
        return files, chunks
    finally:
        conn.close()


def test_a_daemon_stopped_mid_index_exits_promptly_and_leaves_a_whole_store(tmp_path):
    root = tmp_path / "big"
    _corpus(root)
    d = DaemonProcess(tmp_path, watch=False)
    try:
        d.call("workspace.add", {"root": str(root)})
        held = _send(d.socket, "index.run", {"workspace": str(root), "embed": False})
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # until the run has written some batches
            run = d.call("index.status").get("indexing", {}).get(str(root), {})
            if run.get("done", 0) >= 300:
                break
            time.sleep(0.05)
        assert 0 < run.get("done", 0) < run.get("total", 0), run
        workers = _children(d.proc.pid)
        assert workers, "the run started no worker processes"
        stopped_at = time.monotonic()
        d.proc.send_signal(signal.SIGTERM)
        assert d.proc.wait(20) == 0, Path(d.log).read_text()[-2000:]
        took = time.monotonic() - stopped_at
        held.close()
    finally:
        d.stop()
    assert took < 10, f"the daemon took {took:.1f} s to stop"
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(alive(p) for p in workers):
        time.sleep(0.1)
    assert not [p for p in workers if alive(p)], "worker processes outlived the daemon"

    files, _ = _consistent(d.db)
    assert 0 < files < FILES, files  # stopped in the middle, whole batches kept
    with Service(d.db) as svc:
        again = svc.index(str(root), embed=False)
    assert again["unchanged"] == files and again["indexed"] == FILES - files
    with Service(str(tmp_path / "fresh.db")) as fresh:
        fresh.index(str(root), embed=False)
    assert _consistent(d.db) == _consistent(str(tmp_path / "fresh.db"))
