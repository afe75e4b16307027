"""``lode search --path`` from a folder inside the workspace: a path that exists from
the current folder (``.``, ``../docs``) or an absolute one means that folder, as paths
do in a shell; a root-relative prefix still works. Before, ``--path .`` in
``store/`` searched the whole workspace, and an absolute path or ``../docs`` matched
nothing or the wrong folder. Real store (and a real daemon: the same answers), the CLI
as a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]

sys.path.insert(0, str(ROOT / "tests" / "rpc"))
from daemon_process import DaemonProcess  # noqa: E402


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("search-paths")
    shop = base / "shop"
    shutil.copytree(ROOT / "examples" / "shop", shop)
    daemon = DaemonProcess(base, watch=False)
    env = {**os.environ, "LODE_SOCKET": daemon.socket, "LODE_DB": daemon.db}
    env.pop("LODE_NO_DAEMON", None)
    r = subprocess.run([*LODE, "index", str(shop), "--no-embed"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    yield shop, env
    daemon.stop()


def folders(shop, cwd, *paths, daemon=True):
    shop, env = shop
    args = [a for p in paths for a in ("--path", p.format(shop=shop))]
    r = subprocess.run([*LODE, "search", "reclaim", "vectors", "--mode", "lexical", "--json", *args,
                        *([] if daemon else ["--no-daemon"])],
                       env=env, cwd=shop / cwd, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return {h["path"].split("/")[0] if "/" in h["path"] else "." for h in json.loads(r.stdout)["hits"]}


@pytest.mark.parametrize("daemon", [True, False])
@pytest.mark.parametrize("cwd, paths, expected", [
    ("store", ["."], {"store"}),
    ("store", ["../docs"], {"docs"}),
    ("store", ["{shop}/docs"], {"docs"}),
    ("store", ["../docs", "."], {"docs", "store"}),
    ("store", ["docs"], {"docs"}),  # no docs/ under store/: the workspace's own docs/
    (".", ["store"], {"store"}),
    (".", ["{shop}/store/"], {"store"}),
])
def test_path_from_the_current_folder(shop, cwd, paths, expected, daemon):
    assert folders(shop, cwd, *paths, daemon=daemon) == expected
