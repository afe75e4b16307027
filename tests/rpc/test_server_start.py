"""Every server starts one way: Session.start (the watcher, the --root workspaces, their
background index when nothing watches) and Session.warm_up (the search code, the model
and the vectors loaded before the first query) — the daemon, lode mcp and lode lsp
used to repeat the start-up each, and the daemon warmed itself through its own socket
while lode mcp preloaded by another route. Real store, real model, fresh processes."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "lode"
SHOP = ROOT / "examples" / "shop"

START = """
import json, sys, time
from lode.session import Session
from lode.errors import NotFound
ctx = Session(sys.argv[1])
try:  # a root that cannot be one stops the start before anything is added
    ctx.start([sys.argv[2], sys.argv[3]], watch=False)
    refused = None
except NotFound as exc:
    refused = exc.message
names = ctx.start([sys.argv[2]], watch=False)
deadline = time.monotonic() + 240
while (ctx.never_indexed() or ctx.progress) and time.monotonic() < deadline:
    time.sleep(0.1)
ctx.stop()
print(json.dumps({"names": names, "never_indexed": ctx.never_indexed(), "refused": refused}))
"""

WARM = """
import json, sys
from lode.embed import models
from lode.search import semantic
from lode.session import Session
ctx = Session(sys.argv[1])
before = bool(models._LOADED)
ctx.warm_up(["shop"])
print(json.dumps({"before": before, "model": bool(models._LOADED), "vectors": len(semantic._CACHE)}))
"""


def _run(script: str, *args: str) -> dict:
    r = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_start_adds_the_roots_and_indexes_them_and_warm_up_loads_what_a_search_needs(tmp_path):
    shop, db = tmp_path / "shop", str(tmp_path / "store.db")
    shutil.copytree(SHOP, shop)
    started = _run(START, db, str(shop), str(tmp_path / "no-such-folder"))
    assert started["refused"] == f"no such directory: {tmp_path / 'no-such-folder'}"
    assert started["names"] == ["shop"] and started["never_indexed"] == []
    warmed = _run(WARM, db)
    assert warmed == {"before": False, "model": True, "vectors": 1}


def _calls(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}


def test_the_servers_start_and_warm_up_through_the_session_only():
    interfaces = [p for d in ("cli", "rpc", "mcp", "lsp") for p in (SRC / d).rglob("*.py")]
    for path in interfaces:
        own = _calls(path) & {"watch", "index_all_in_background"}
        assert not own, f"{path.relative_to(SRC)} starts a server by itself ({own}): use Session.start"
    for server in ("rpc/server.py", "mcp/server.py", "lsp/server.py"):
        assert "start" in _calls(SRC / server), server
    for warmed in ("rpc/server.py", "mcp/server.py"):
        assert "warm_up_in_background" in _calls(SRC / warmed), warmed
