"""A read-only command given a store that does not exist says so and makes nothing there
(a mistyped ``--db`` used to leave an empty store behind and answer "no match"); the
commands that fill a store — ``lode index``, the daemon — still make it. The CLI runs as a
subprocess, the daemon as a real process on a real socket."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOP = ROOT / "examples" / "shop"
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]

sys.path.insert(0, str(ROOT / "tests" / "rpc"))
from daemon_process import DaemonProcess  # noqa: E402

READERS = [
    ["status"], ["status", "--json"], ["search", "reclaim", "vectors"], ["search", "reclaim", "--json"],
    ["def", "Store.reclaim"], ["def", "Store.reclaim", "--json"], ["refs", "Store.reclaim"],
    ["impls", "Store.reclaim"], ["describe", "Store.reclaim"], ["symbols", "reclaim"],
    ["outline", "store/reclaim.go", "--workspace", "shop"],
]


def lode(*args, env, cwd=None):
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


@pytest.fixture
def env(tmp_path):
    """No daemon to ask, no $LODE_DB, and a default store location inside tmp_path."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"),
           "LODE_SOCKET": str(tmp_path / "no-daemon.sock")}
    env.pop("LODE_DB", None)
    env.pop("LODE_NO_DAEMON", None)
    return env


@pytest.mark.parametrize("args", READERS, ids=" ".join)
def test_a_read_only_command_names_the_missing_store_and_makes_nothing(args, tmp_path, env):
    db = tmp_path / "typo" / "lode.db"
    r = lode(*args, "--db", str(db), env=env, cwd=SHOP)
    assert r.returncode != 0, r.stdout
    said = r.stdout + r.stderr
    assert f"no store at {db}" in said and f"lode index PATH --db {db}" in said, said
    assert not db.parent.exists()  # not even its folder


def test_the_default_store_is_made_by_lode_index_not_by_a_look_up(tmp_path, env):
    shop = tmp_path / "shop"
    shutil.copytree(SHOP, shop)
    default = tmp_path / "data" / "lode" / "lode.db"
    for args in (["status"], ["def", "Store.reclaim"], ["search", "reclaim"]):
        r = lode(*args, env=env, cwd=shop)
        assert r.returncode != 0
        assert f"no store at {default}: run lode index PATH to make one" in r.stderr, r.stderr
    assert not (tmp_path / "data").exists()
    r = lode("index", str(shop), "--no-embed", env=env)
    assert r.returncode == 0, r.stderr
    assert default.is_file()
    r = lode("status", env=env)
    assert r.returncode == 0 and "shop" in r.stdout, r.stdout + r.stderr
    r = lode("def", "Store.reclaim", env=env, cwd=shop)
    assert r.returncode == 0 and "store/" in r.stdout, r.stdout + r.stderr


def test_outline_without_a_store_reads_the_file_alone(tmp_path, env):
    db = tmp_path / "typo" / "lode.db"
    for path in ("store/reclaim.go", str(SHOP / "store" / "reclaim.go")):  # relative and absolute
        r = lode("outline", path, "--db", str(db), env=env, cwd=SHOP)
        assert r.returncode == 0, r.stderr
        assert "Reclaim" in r.stdout or "reclaim" in r.stdout, r.stdout
    r = lode("outline", "store/reclaim.go", env=env, cwd=SHOP)  # no store at the default location either
    assert r.returncode == 0 and "eclaim" in r.stdout, r.stderr
    assert not db.parent.exists() and not (tmp_path / "data").exists()


def test_the_daemon_still_makes_its_store(tmp_path):
    daemon = DaemonProcess(tmp_path, watch=False)
    try:
        assert daemon.call("workspace.list") == []  # the daemon opens its store by the first request
        assert Path(daemon.db).is_file()
    finally:
        daemon.stop()
