"""One rule for a relative path given without a workspace when there are several: the
one workspace holding that file; a file several hold, or none, is an error naming the
workspaces — the daemon (``doc.read``, ``file.outline``, ``ast.query``) and ``lode mcp``
(``read``) alike, from the service (documents.resolve_root). Before, the MCP server
guessed the workspace itself while the daemon refused every such path ("'workspace' is
needed"). Real daemon, real MCP SDK client, one store."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from lode.rpc.client import RemoteError
from daemon_process import DaemonProcess

MUX = 'package router\n\n// Mux routes requests.\ntype Mux struct{ routes map[string]string }\n'


@pytest.fixture(scope="module")
def two(tmp_path_factory):
    base = tmp_path_factory.mktemp("two")
    router, handbook = base / "router", base / "handbook"
    for root in (router, handbook):
        root.mkdir()
        (root / "README.md").write_text(f"# {root.name}\n\nHow we run the router.\n")
    (router / "go.mod").write_text("module example.com/router\n\ngo 1.21\n")
    (router / "mux.go").write_text(MUX)
    daemon = DaemonProcess(base, watch=False)
    for root in (router, handbook):
        daemon.call("workspace.add", {"root": str(root)})
    daemon.call("index.run", {"embed": False})
    yield daemon, base
    daemon.stop()


def _daemon_answer(daemon, method, params):
    try:
        return False, daemon.call(method, params)
    except RemoteError as exc:
        return True, exc.message


def _mcp_reads(db, cwd, paths):
    from mcp import Client, StdioServerParameters

    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", db]

    async def scenario():
        params = StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ), cwd=str(cwd))
        async with Client(params) as c:
            out = {}
            for path in paths:
                r = await c.call_tool("read", {"path": path})
                out[path] = (r.is_error, "".join(getattr(x, "text", "") for x in r.content))
            return out

    return asyncio.run(scenario())


def test_the_daemon_reads_a_relative_path_in_the_one_workspace_holding_it(two):
    daemon, _ = two
    failed, read = _daemon_answer(daemon, "doc.read", {"path": "mux.go"})
    assert not failed and read["workspace"] == "router" and "type Mux struct" in read["text"], read
    failed, outline = _daemon_answer(daemon, "file.outline", {"path": "mux.go"})
    assert not failed and any(s["name"].endswith("router.Mux") for s in outline["symbols"]), outline
    failed, ast = _daemon_answer(daemon, "ast.query", {"query": "(type_identifier) @t", "paths": ["mux.go"]})
    assert not failed and any(c["text"] == "Mux" for c in ast["captures"]), ast


def test_the_daemon_and_the_mcp_server_give_the_same_errors(two):
    pytest.importorskip("mcp")
    daemon, base = two
    outside = base / "elsewhere"
    outside.mkdir(exist_ok=True)
    mcp = _mcp_reads(daemon.db, outside, ["README.md", "routes.go"])
    both = _daemon_answer(daemon, "doc.read", {"path": "README.md"})
    none = _daemon_answer(daemon, "doc.read", {"path": "routes.go"})
    assert both == (True, "invalid params: 'README.md' is in several workspaces (handbook, router): "
                          "name one as 'workspace'")
    assert none == (True, "no such file in any workspace (handbook, router): routes.go")
    for path, (failed, message) in (("README.md", both), ("routes.go", none)):
        assert mcp[path][0] and message in mcp[path][1], mcp[path]
