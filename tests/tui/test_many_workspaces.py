"""Search over several workspaces names each hit's workspace (``shop:README.md:5``), as
``lode search`` does: two projects' README.md or main.go were otherwise the same row.
One workspace keeps the bare path. A real daemon with two workspaces, the TUI headless."""

from __future__ import annotations

import asyncio
import shutil

import pytest

from daemon_process import DaemonProcess
from tui_helpers import REPO, screen_text, until
from lode.tui import render
from lode.tui.app import LodeApp
from lode.tui.search_pane import SearchPane

HIT = {"path": "README.md", "line_start": 5, "kind": "section", "workspace": "shop",
       "breadcrumb": "README.md › shop › Storage"}


def test_row_names_the_workspace_only_when_asked():
    assert render.hit_row(HIT).plain.startswith("README.md:5  section")
    assert render.hit_row(HIT, with_workspace=True).plain.startswith("shop:README.md:5  section")


@pytest.fixture(scope="module")
def two_shops(tmp_path_factory):
    base = tmp_path_factory.mktemp("two")
    for name in ("shop", "depot"):
        shutil.copytree(REPO / "examples" / "shop", base / name)
    d = DaemonProcess(base, watch=False)
    for name in ("shop", "depot"):
        d.call("workspace.add", {"root": str(base / name)})
        d.call("index.run", {"workspace": name, "embed": False})
    yield d
    d.stop()


def test_hits_from_two_workspaces_say_which(two_shops):
    async def main():
        app = LodeApp(two_shops.socket, two_shops.db, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "connected" in screen_text(app), "the daemon")
            await pilot.press(*"reclaim")
            pane = app.query_one(SearchPane)
            await until(pilot, lambda: pane.hits and pane.last_result
                        and pane.last_result.get("query") == "reclaim", "hits")
            rows = app.query_one("#results")
            return [rows.get_option_at_index(i).prompt.plain for i in range(rows.option_count)]

    rows = asyncio.run(main())
    assert any(r.startswith("shop:store/reclaim.go:13") for r in rows), rows
    assert any(r.startswith("depot:store/reclaim.go:13") for r in rows), rows
