"""The daemon and the MCP server on a PostgreSQL store (`--db postgresql://…`), as real
processes: answers, the store they report (without a password), and the daemon's reply
cache seeing another process's index run."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lode.service import Service

PROJECTS = Path(__file__).parents[1] / "indexing" / "projects"
LODE = [sys.executable, "-m", "lode"]


@pytest.fixture
def indexed(pg_url, tmp_path):
    root = tmp_path / "go"
    shutil.copytree(PROJECTS / "go", root)
    with Service(pg_url) as svc:
        svc.index(str(root), workers=1)
    return pg_url, root


class Daemon:
    """`lode serve --db postgresql://…` on a socket of its own."""

    def __init__(self, url: str, base: Path):
        from lode.rpc.client import Client, NoDaemon

        self.socket = str(base / "s.sock")
        self.log = base / "daemon.log"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen([*LODE, "serve", "--socket", self.socket, "--db", url, "--no-watch"],
                                         stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                Client(self.socket, timeout=2).close()
                return
            except NoDaemon:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"daemon did not start:\n{self.log.read_text()}")
                time.sleep(0.05)

    def call(self, method, params=None):
        from lode.rpc.client import Client

        with Client(self.socket, timeout=30) as client:
            return client.call(method, params)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def daemon(indexed, tmp_path):
    url, root = indexed
    proc = Daemon(url, tmp_path)
    yield proc, url, root
    proc.stop()


def test_the_daemon_serves_a_postgresql_store(daemon):
    proc, url, root = daemon
    caps = proc.call("sys.capabilities")
    assert caps["store"] == {"path": url, "schema": "postgresql"}  # a trust login: no password to hide
    hits = proc.call("search.query", {"query": "reclaim vectors", "limit": 3})["hits"]
    assert hits[0]["path"] == "store/reclaim.go"
    found = proc.call("symbol.definition", {"name": "store.Store.reclaimVectors"})
    assert [(c["path"], c["line"]) for c in found["candidates"]] == [("store/reclaim.go", 20)]
    # `lode search` with the same LODE_DB asks this daemon
    served = proc.call("sys.stats")["served"]
    env = {**os.environ, "LODE_DB": url, "LODE_SOCKET": proc.socket}
    env.pop("LODE_NO_DAEMON", None)
    out = subprocess.run([*LODE, "search", "reclaim vectors", "--json"], cwd=root, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["hits"][0]["path"] == "store/reclaim.go"
    assert proc.call("sys.stats")["served"] >= served + 2  # the CLI's call (and this one)


def test_a_cached_answer_follows_another_process_s_index_run(daemon):
    proc, url, root = daemon
    query = {"query": "compactSegments", "limit": 3}
    assert proc.call("search.query", query)["hits"] == []
    assert proc.call("search.query", query)["hits"] == []  # now from the cache
    assert proc.call("sys.stats")["cache"]["hits"] >= 1
    (root / "store" / "compact.go").write_text(
        "package store\n\n// compactSegments merges small segments.\nfunc compactSegments() {}\n")
    out = subprocess.run([*LODE, "index", str(root), "--no-embed"], env={**os.environ, "LODE_DB": url},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    hits = proc.call("search.query", query)["hits"]
    assert [h["path"] for h in hits][:1] == ["store/compact.go"]


def test_the_mcp_server_on_a_postgresql_store(indexed):
    mcp = pytest.importorskip("mcp")
    url, root = indexed

    async def go():
        params = mcp.StdioServerParameters(command=sys.executable, args=[
            "-m", "lode", "mcp", "--no-watch", "--db", url])
        async with mcp.Client(params) as client:
            search = await client.call_tool("search", {"query": "reclaim vectors"})
            definition = await client.call_tool("find_definition", {"name": "store.Store.reclaimVectors"})
            status = await client.call_tool("index_status", {})
            return [("".join(getattr(c, "text", "") for c in r.content)) for r in (search, definition, status)]

    search, definition, status = asyncio.run(go())
    assert "store/reclaim.go" in search
    assert "store/reclaim.go" in definition
    assert '"files"' in status or "files" in status


def test_the_language_server_on_a_postgresql_store(indexed):
    from lsprotocol import types as lsp
    from pygls.lsp.client import LanguageClient

    url, root = indexed

    async def go():
        client = LanguageClient("lode-tests", "1")
        await client.start_io(sys.executable, "-m", "lode", "lsp", "--no-watch", "--no-lsp", "--db", url)
        await client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities(),
                                                           root_uri=root.as_uri()))
        client.initialized(lsp.InitializedParams())
        try:
            return await asyncio.wait_for(client.workspace_symbol_async(
                lsp.WorkspaceSymbolParams(query="reclaimVectors")), 60)
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()

    symbols = asyncio.run(go())
    assert any(s.name == "reclaimVectors" and s.location.uri.endswith("store/reclaim.go") for s in symbols)


def test_the_daemon_refuses_to_index_a_workspace_another_process_is_indexing(daemon):
    from lode.errors import IndexerBusy
    from lode.rpc.client import Client

    proc, url, root = daemon
    with Service(url) as other, other.store.index_lock(other.store.workspace(str(root))):
        with Client(proc.socket, timeout=60) as client, pytest.raises(Exception) as caught:
            client.call("index.run", {"workspace": str(root)})
        assert getattr(caught.value, "rpc_code", None) == IndexerBusy.rpc_code
        assert "being indexed by another lode process" in str(caught.value)
        env = {**os.environ, "LODE_SOCKET": proc.socket}
        out = subprocess.run([*LODE, "--call", "index.run", json.dumps({"workspace": str(root)}), "--db", url],
                             env=env, capture_output=True, text=True, timeout=60)
        assert out.returncode == IndexerBusy.exit_code, (out.returncode, out.stderr)
    assert proc.call("index.run", {"workspace": str(root)})["unchanged"] > 0  # free again
