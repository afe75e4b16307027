"""``read`` as an agent uses it: by lines. A cut read says which lines came and where
the next read starts; a range past the end says so instead of answering nothing."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

pytest.importorskip("mcp")


def handler(i: int) -> str:
    return (f"def handle_{i:04d}(request):\n"
            f"    \"\"\"Handle request kind {i}.\"\"\"\n"
            f"    if request.kind != {i}:\n"
            f"        return None\n"
            f"    return respond(request, status={200 + i % 5})\n\n\n")


def test_a_cut_read_names_its_lines_and_the_next_read_starts_there(tmp_path):
    from mcp import Client, StdioServerParameters

    from lode.service import Service

    root = tmp_path / "svc"
    root.mkdir()
    source = "".join(handler(i) for i in range(600))  # 4,200 lines, ~110k characters
    (root / "handlers.py").write_text(source)
    db = tmp_path / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(root), "--budget", "8000"]

    async def scenario():
        async with Client(StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))) as c:
            first = (await c.call_tool("read", {"path": "handlers.py"})).content[0].text
            header = first.split("\n", 1)[0]
            assert "line_start=" in header, header
            next_line = int(header.rsplit("line_start=", 1)[1].rstrip(")"))
            second = (await c.call_tool("read", {"path": "handlers.py", "line_start": next_line})).content[0].text
            past = (await c.call_tool("read", {"path": "handlers.py", "line_start": 5000, "line_end": 5100}))
            return first, next_line, second, past.content[0].text

    first, next_line, second, past = asyncio.run(scenario())
    lines = source.split("\n")
    shown = first.split("\n")[1:next_line]  # the lines the header says came
    assert f"lines 1-{next_line - 1} here" in first.split("\n", 1)[0]
    assert shown == lines[:next_line - 1]
    assert first.split("\n")[next_line].startswith("[… truncated:")
    # the next read starts at the very line after the last one shown
    assert second.split("\n")[1] == lines[next_line - 1]
    assert f"from line {next_line}" in second.split("\n", 1)[0]
    assert past.startswith("handlers.py (no lines: the file ends before line 5000)")
