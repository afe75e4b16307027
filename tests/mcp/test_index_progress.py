"""``lode mcp --root PROJECT --no-watch`` indexes its project on a thread of its own; an
agent asking ``index_status`` meanwhile sees how far that run got (files done of the
total), as a daemon's ``index.run`` shows it. Before, that run recorded only its start
(the daemon's handler kept the counts, the server's own run did not), so the status and
the first-index note could not say how far it was."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

import pytest

pytest.importorskip("mcp")


def test_index_status_shows_the_servers_own_run_as_it_goes(tmp_path):
    from mcp import Client, StdioServerParameters

    root = tmp_path / "proj"
    (root / "rules").mkdir(parents=True)
    for i in range(1500):  # a run that lasts past the server's start
        (root / "rules" / f"rule_{i:04d}.py").write_text(
            f'def rule_{i}(invoice):\n    """Rule {i} of the ledger."""\n    return invoice.total() > {i}\n' * 10)
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(tmp_path / "store.db"),
            "--root", str(root)]

    async def scenario():
        seen = []
        params = StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))
        async with Client(params) as client:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                r = await client.call_tool("index_status", {})
                status = json.loads("".join(getattr(c, "text", "") for c in r.content))
                run = status.get("indexing", {}).get("proj")  # the run of its root, by name
                if run is None and seen:
                    break  # the run ended
                if run is not None:
                    seen.append(run)
                await asyncio.sleep(0.05)
        return seen

    seen = asyncio.run(scenario())
    assert seen, "no run seen: the server's own index run did not show in index_status"
    counted = [run for run in seen if run.get("total") and run.get("path") != "embedding"]  # files, not vectors
    assert counted and all(run["total"] == 1500 for run in counted), seen[:3]
    assert max(run["done"] for run in counted) > 0
