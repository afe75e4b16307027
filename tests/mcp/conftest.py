"""Shared by the MCP tests: calls made through the SDK's real stdio client."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest


@pytest.fixture(scope="session")
def mcp_answers():
    """answers(args, calls, tools=False) runs ``python ARGS`` as an MCP server and makes
    each call of ``calls`` ({key: (tool, params)}) through the real client: {key:
    (is_error, text)}, plus the listed tools under "tools" when ``tools``."""
    from mcp import Client, StdioServerParameters

    def answers(args: list[str], calls: dict, tools: bool = False) -> dict:
        async def scenario():
            params = StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))
            async with Client(params) as c:
                out = {"tools": (await c.list_tools()).tools} if tools else {}
                for key, (tool, arguments) in calls.items():
                    r = await c.call_tool(tool, arguments)
                    out[key] = (r.is_error, "".join(getattr(x, "text", "") for x in r.content))
                return out

        return asyncio.run(scenario())

    return answers
