"""``--db`` (and ``--socket``) given before the sub-command apply to it: the real CLI as a
subprocess, with the default store moved into the test's folder so a run that ignored
the option would be seen writing there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOP = ROOT / "examples" / "shop"
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


def _env(base: Path) -> dict:
    env = {**os.environ, "XDG_DATA_HOME": str(base / "data"), "LODE_NO_DAEMON": "1"}
    env.pop("LODE_DB", None)
    env.pop("LODE_SOCKET", None)
    return env


def lode(*args, env):
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=120)


def test_db_before_the_subcommand_names_the_store(tmp_path):
    shop = tmp_path / "shop"
    shutil.copytree(SHOP, shop)
    env = _env(tmp_path)
    chosen = tmp_path / "chosen.db"
    r = lode("--db", str(chosen), "index", str(shop), "--no-embed", env=env)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "data" / "lode" / "lode.db").exists()  # the default store stays untouched

    r = lode("--db", str(chosen), "search", "reclaim", "vectors", "--json", env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["hits"][0]["path"] == "store/reclaim.go"

    r = lode("--db", str(chosen), "def", "Store.reclaim", "--json", env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["candidates"][0]["path"].endswith("store/reclaim.go")


def test_the_subcommands_own_db_wins(tmp_path):
    shop = tmp_path / "shop"
    shutil.copytree(SHOP, shop)
    env = _env(tmp_path)
    outer, inner = tmp_path / "outer.db", tmp_path / "inner.db"
    r = lode("--db", str(outer), "index", str(shop), "--no-embed", "--db", str(inner), env=env)
    assert r.returncode == 0, r.stderr
    assert inner.exists() and not outer.exists()


def test_db_before_the_subcommand_beats_the_environment(tmp_path):
    shop = tmp_path / "shop"
    shutil.copytree(SHOP, shop)
    env = {**_env(tmp_path), "LODE_DB": str(tmp_path / "from-env.db")}
    given = tmp_path / "given.db"
    r = lode("--db", str(given), "index", str(shop), "--no-embed", env=env)
    assert r.returncode == 0, r.stderr
    assert given.exists() and not (tmp_path / "from-env.db").exists()
