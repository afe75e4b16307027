"""A relative path given without a workspace, to a server that has no one project (no
``--root``, started outside every workspace), as agents do with a hit's path: the
workspace holding that file is used when only one does; a file several hold, or none,
is an error naming the workspaces (it used to be "'workspace' is needed" for every
relative path, though the hit had named the only workspace holding the file)."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

pytest.importorskip("mcp")

MUX = """package router

// Mux matches a request's path against the registered routes.
type Mux struct{ routes map[string]string }

// Handle registers a route.
func (mx *Mux) Handle(pattern, name string) { mx.routes[pattern] = name }
"""


def test_a_relative_path_finds_the_one_workspace_holding_it(tmp_path):
    from mcp import Client, StdioServerParameters

    from lode.service import Service

    router, handbook = tmp_path / "router", tmp_path / "handbook"
    router.mkdir()
    handbook.mkdir()
    (router / "go.mod").write_text("module example.com/router\n\ngo 1.21\n")
    (router / "mux.go").write_text(MUX)
    (router / "README.md").write_text("# router\n\nRoutes requests.\n")
    (handbook / "README.md").write_text("# handbook\n\nHow we run the router.\n")
    db = tmp_path / "store.db"
    with Service(str(db)) as svc:
        for ws in (router, handbook):
            svc.add_workspace(str(ws))
            svc.index(str(ws), embed=False)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db)]

    async def scenario():
        params = StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ), cwd=str(outside))
        async with Client(params) as c:
            out = {}
            for key, tool, arguments in (
                    ("read", "read", {"path": "mux.go", "line_start": 3, "line_end": 4}),
                    ("outline", "list_file_symbols", {"path": "mux.go"}),
                    ("ast", "query_ast", {"query": "(type_identifier) @t", "paths": ["mux.go"]}),
                    ("both", "read", {"path": "README.md"}),
                    ("none", "read", {"path": "routes.go"}),
                    ("named", "read", {"path": "README.md", "workspace": "handbook"})):
                r = await c.call_tool(tool, arguments)
                out[key] = (r.is_error, "".join(getattr(x, "text", "") for x in r.content))
            return out

    out = asyncio.run(scenario())
    assert out["read"] == (False, "mux.go in workspace 'router' (107 characters, from line 3)\n"
                                  "// Mux matches a request's path against the registered routes.\n"
                                  "type Mux struct{ routes map[string]string }\n")
    assert not out["outline"][0] and "example.com/router.Mux.Handle" in out["outline"][1], out["outline"]
    assert not out["ast"][0] and '"text":"Mux"' in out["ast"][1], out["ast"]
    assert out["both"] == (True, "Error executing tool read: invalid params: 'README.md' is in several "
                                 "workspaces (handbook, router): name one as 'workspace' (lode error -32602)")
    assert out["none"][0] and "no such file in any workspace (handbook, router): routes.go" in out["none"][1]
    assert out["named"] == (False, "README.md in workspace 'handbook' (35 characters)\n# handbook\n\n"
                                   "How we run the router.\n")
