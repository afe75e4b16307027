"""The watcher and the daemon's layers in-process, over a stand-in service (so these
pin the daemon's own behaviour whatever the store does): edits, additions, deletions
and a burst, each reflected in ``search.query`` through a real socket."""

from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest

from lode.errors import RankRequired
from lode.rpc.client import Client, RemoteError
from lode.rpc.handlers import Context
from lode.rpc.server import Daemon


class StandInService:
    """Indexes *.txt/*.md files' text in memory; records every index call."""

    def __init__(self):
        self.roots: dict[str, str] = {}
        self.texts: dict[tuple[str, str], str] = {}
        self.calls: list[tuple[str, tuple[str, ...] | None]] = []
        self.lock = threading.Lock()

    def add_workspace(self, root, **_):
        name = os.path.basename(root)
        self.roots[name] = root
        return {"name": name, "root": root}

    def list_workspaces(self):
        return [{"name": n, "root": r} for n, r in self.roots.items()]

    def index(self, workspace=None, progress=None, paths=None, embed=True):
        if paths == []:  # the watcher's embedding catch-up: no file is re-read
            return {"files": 0}
        with self.lock:
            self.calls.append((workspace, tuple(paths) if paths else None))
            for name, root in self.roots.items():
                if workspace not in (None, name):
                    continue
                found = {}
                for dirpath, _, files in os.walk(root):
                    for f in files:
                        full = os.path.join(dirpath, f)
                        try:
                            found[(name, os.path.relpath(full, root))] = open(full).read()
                        except (OSError, UnicodeDecodeError):
                            pass
                for key in [k for k in self.texts if k[0] == name]:
                    self.texts.pop(key)
                self.texts.update(found)
        return {"files": len(self.texts)}

    def search(self, query, workspace=None, **options):
        if options.get("rerank"):
            raise RankRequired("rerank was requested but no ranker can rank")
        with self.lock:
            return {"hits": [{"path": p} for (w, p), t in self.texts.items() if query in t]}


@pytest.fixture
def running(tmp_path):
    service = StandInService()
    ctx = Context(service_factory=lambda db_path=None: service)
    sock = str(tmp_path / "s.sock")
    daemon = Daemon(sock, context=ctx, watch=True)
    loop = asyncio.new_event_loop()
    ready = threading.Event()

    async def main():
        ev = asyncio.Event()
        task = asyncio.ensure_future(daemon.serve(ev))
        await ev.wait()
        ready.set()
        await task

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.md").write_text("alpha\n")
    with Client(sock, timeout=10) as c:
        c.call("workspace.add", {"root": str(ws)})
        c.call("index.run", {})
    yield service, sock, ws
    ctx.shutdown()
    thread.join(10)


def hits(sock, q):
    with Client(sock, timeout=10) as c:
        return {h["path"] for h in c.call("search.query", {"query": q})["hits"]}


def eventually(pred, timeout=2.0):
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_edit_add_delete_within_two_seconds(running):
    service, sock, ws = running
    t = time.monotonic()
    (ws / "a.md").write_text("omega\n")
    assert eventually(lambda: hits(sock, "omega") == {"a.md"})
    (ws / "sub").mkdir()
    (ws / "sub" / "b.md").write_text("beta\n")
    assert eventually(lambda: hits(sock, "beta") == {"sub/b.md"})
    (ws / "sub" / "b.md").unlink()
    assert eventually(lambda: hits(sock, "beta") == set())
    assert time.monotonic() - t < 6
    # The watcher asked for targeted re-indexes of the changed paths.
    assert any(paths and "sub/b.md" in paths for _, paths in service.calls)


def settled(service) -> int:
    """The number of index calls once the watcher has gone quiet (the catch-up walk
    after the fixture's workspace.add included)."""
    count = -1
    while count != len(service.calls):
        count = len(service.calls)
        time.sleep(0.8)
    return count


def test_hidden_dirs_and_the_store_do_not_trigger(running):
    service, sock, ws = running
    before = settled(service)
    (ws / ".git").mkdir()
    for i in range(50):
        (ws / ".git" / f"obj{i}").write_text("x")
    time.sleep(1.2)
    assert len(service.calls) == before


def test_burst_is_batched(running):
    service, sock, ws = running
    before = settled(service)
    burst = ws / "burst"
    burst.mkdir()
    for i in range(2000):
        (burst / f"f{i}.md").write_text(f"word{i}\n")
    assert eventually(lambda: hits(sock, "word1999") == {"burst/f1999.md"}, timeout=10)
    time.sleep(1)
    runs = service.calls[before:]
    assert 1 <= len(runs) <= 10, len(runs)  # batches, not one run per file (2000)
    # Past the targeted limit the watcher asks for one incremental walk instead.
    assert any(paths is None for _, paths in runs)


def test_library_errors_keep_their_codes_through_the_socket(running):
    _, sock, _ = running
    with Client(sock, timeout=10) as c:
        with pytest.raises(RemoteError) as info:
            c.call("search.query", [None, "x", {"rerank": True}])
    assert info.value.rpc_code == -32070 and info.value.exit_code == 3
