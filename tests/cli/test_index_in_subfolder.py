"""``lode index`` with no ROOT, run in a subfolder of an indexed workspace, made a second
workspace of the subfolder (every file in it read again, its names then answered by two
workspaces); it now brings the workspace holding the folder up to date, as the look-ups
answer from it. A ROOT given, or --name / --no-code (settings of a new workspace), still
make a workspace of that folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

SHOP = Path(__file__).resolve().parents[2] / "examples" / "shop"
LODE = [sys.executable, "-m", "lode"]
ENV = {**os.environ, "LODE_NO_DAEMON": "1"}


def _lode(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=ENV, timeout=120, cwd=cwd)


def _names(db) -> list[str]:
    return sorted(w["name"] for w in json.loads(_lode("status", "--db", str(db), "--json").stdout)["workspaces"])


def test_lode_index_in_a_subfolder_updates_the_workspace_holding_it(tmp_path):
    shop, db = tmp_path / "shop", tmp_path / "store.db"
    shutil.copytree(SHOP, shop)
    assert _lode("index", str(shop), "--db", str(db), "--no-embed").returncode == 0
    (shop / "server" / "health.go").write_text("package server\n\nfunc Healthy() bool { return true }\n")

    run = _lode("index", "--db", str(db), "--no-embed", "--json", cwd=shop / "server")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["workspace"] == "shop" and answer["indexed"] == 1 and answer["unchanged"] == 5
    assert _names(db) == ["shop"]

    explicit = _lode("index", ".", "--db", str(db), "--no-embed", cwd=shop / "store")
    assert explicit.returncode == 0, explicit.stderr
    assert _names(db) == ["shop", "store"]  # a ROOT given: that folder, as asked
