"""A root that would index a whole home folder (or everything) by accident is refused with
a clear error and a way to insist. ``lode mcp --root /`` used to log a warning and serve
without its project, and ``lode mcp --root ~`` (an agent's client starting the server in
the home folder with ``--root .``) or ``lode index`` run from the home folder indexed
every project and document of the user. Now each exits 2 before serving or writing a
workspace, naming ``--allow-broad-root``; with it, or for a home folder that is already a
workspace, it runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

LODE = [sys.executable, "-m", "lode"]


@pytest.fixture
def home(tmp_path):
    home = tmp_path / "home" / "ada"
    (home / "project").mkdir(parents=True)
    (home / "project" / "app.py").write_text("def serve():\n    return 1\n")
    (home / "notes.md").write_text("# Notes\n\nPrivate notes.\n")
    return home


def _lode(home, *args: str, cwd=None, stdin=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1", "HOME": str(home)}
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=120, cwd=cwd,
                          input=stdin)


def _workspaces(home, db) -> list[str]:
    proc = _lode(home, "status", "--db", str(db), "--json")
    return [w["root"] for w in json.loads(proc.stdout)["workspaces"]] if proc.returncode == 0 else []


def test_lode_index_refuses_the_home_folder_and_above_unless_asked(home, tmp_path):
    db = tmp_path / "store.db"
    for args, cwd in (((), home), ((str(home),), None), ((str(home.parent),), None)):
        proc = _lode(home, "index", *args, "--db", str(db), "--no-embed", cwd=cwd)
        assert proc.returncode == 2, proc.stdout + proc.stderr
        assert "home folder" in proc.stderr and "--allow-broad-root" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr
    assert _workspaces(home, db) == []

    assert _lode(home, "index", str(home / "project"), "--db", str(db), "--no-embed").returncode == 0
    forced = _lode(home, "index", "--db", str(db), "--no-embed", "--allow-broad-root", "--json", cwd=home)
    assert forced.returncode == 0, forced.stderr
    assert json.loads(forced.stdout)["files"] == 2
    again = _lode(home, "index", str(home), "--db", str(db), "--no-embed")  # a workspace already
    assert again.returncode == 0, again.stderr
    assert sorted(_workspaces(home, db)) == sorted([str(home), str(home / "project")])


@pytest.mark.parametrize("root", ["/", "home", "above home"])
def test_lode_mcp_exits_at_start_on_a_root_it_refuses(home, tmp_path, root):
    path = {"/": "/", "home": str(home), "above home": str(home.parent)}[root]
    db = tmp_path / "store.db"
    proc = _lode(home, "mcp", "--root", path, "--db", str(db), "--no-watch", stdin="")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == ""  # nothing served
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and path in lines[0], proc.stderr
    assert ("--allow-broad-root" in lines[0]) == (root != "/")
    assert _workspaces(home, db) == []


def test_lode_mcp_serves_a_home_root_when_asked(home, tmp_path):
    pytest.importorskip("mcp")
    import asyncio

    from mcp import Client, StdioServerParameters

    db = tmp_path / "store.db"
    args = ["-m", "lode", "mcp", "--root", str(home), "--allow-broad-root", "--no-watch", "--db", str(db)]
    env = {**os.environ, "LODE_NO_DAEMON": "1", "HOME": str(home)}

    async def go():
        async with Client(StdioServerParameters(command=sys.executable, args=args, env=env)) as client:
            for _ in range(100):  # the root is indexed in the background
                hit = await client.call_tool("search", {"query": "private notes"})
                if "notes.md" in "".join(getattr(c, "text", "") for c in hit.content):
                    break
                await asyncio.sleep(0.2)
            return hit

    hit = asyncio.run(go())
    text = "".join(getattr(c, "text", "") for c in hit.content)
    assert not hit.is_error and "notes.md" in text, text
