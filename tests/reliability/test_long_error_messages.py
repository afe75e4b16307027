"""An argument pasted by mistake (a whole file as a workspace name or path) is quoted in
the error that refuses it; the quote is clipped, so the error stays a readable line and
does not fill an agent's context with the argument again."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from daemon import Daemon, request
from lode.errors import MAX_MESSAGE_CHARS

PASTED = "def pasted():\n    return 1\n" * 4000  # ~100 KB


def test_the_mcp_server_clips_a_huge_argument_in_its_error(tmp_path):
    pytest.importorskip("mcp")
    from mcp import Client, StdioServerParameters

    root = tmp_path / "ws"
    root.mkdir()
    (root / "app.py").write_text("def parse_config(text):\n    return text\n")
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--root", str(root),
            "--db", str(tmp_path / "store.db")]

    async def go():
        async with Client(StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))) as c:
            return [await c.call_tool(tool, arguments) for tool, arguments in (
                ("search", {"query": "parse config", "workspace": PASTED}),
                ("read", {"path": PASTED}),
                ("find_definition", {"name": "app.parse_config", "workspace": PASTED}))]

    for answer in asyncio.run(go()):
        text = "".join(getattr(c, "text", "") for c in answer.content)
        assert answer.is_error
        assert len(text) < MAX_MESSAGE_CHARS + 200, len(text)  # was ~100 KB
        assert "characters left out" in text


def test_the_daemon_clips_a_huge_argument_in_its_error(tmp_path):
    daemon = Daemon(tmp_path / "d")
    try:
        reply = daemon.exchange(request("symbol.definition", {"name": "a.b", "workspace": PASTED}))[0]
        message = reply["error"]["message"]
        assert len(message) < MAX_MESSAGE_CHARS + 200 and message.startswith("no workspace"), message[:200]
    finally:
        daemon.stop()
