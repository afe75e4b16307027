"""Every daemon method and every MCP tool is documented in docs/daemon.md."""

import asyncio
from pathlib import Path

from lode.rpc.handlers import TABLE

DOC = (Path(__file__).resolve().parents[2] / "docs" / "daemon.md").read_text()


def test_every_method_is_documented():
    missing = [m.name for m in TABLE if f"`{m.name}`" not in DOC]
    assert not missing, missing


def test_every_mcp_tool_is_documented():
    from lode.mcp.server import build
    from lode.rpc.handlers import Context

    tools = asyncio.run(build(Context()).list_tools())
    missing = [t.name for t in tools if f"`{t.name}`" not in DOC]
    assert not missing, missing
    assert len(tools) == 11


def test_readme_lists_the_interface_commands():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for command in ("| `lode serve", "| `lode --call", "| `lode mcp"):
        assert command in readme, command
