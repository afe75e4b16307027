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

import pytest
from shop_store import LODE, ROOT, indexed_shop, with_daemon


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("search-paths")
    daemon, env = with_daemon(base)
    shop = indexed_shop(base, env)
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


def test_absolute_path_from_outside_every_workspace(shop):
    """From a folder outside the workspace the CLI passes an absolute path on as given:
    the search takes it as the prefix below the root that holds it (it was refused as
    'not below the workspace root')."""
    assert folders(shop, "..", "{shop}/docs") == {"docs"}
    assert folders(shop, "..", "{shop}/docs", daemon=False) == {"docs"}


@pytest.fixture(scope="module")
def two_shops(tmp_path_factory):
    """Two workspaces in one store (no daemon): an absolute path names one of them."""
    base = tmp_path_factory.mktemp("two-shops")
    env = {**os.environ, "LODE_DB": str(base / "store.db"), "LODE_NO_DAEMON": "1"}
    for name in ("north", "south"):
        shutil.copytree(ROOT / "examples" / "shop", base / name)
        r = subprocess.run([*LODE, "index", str(base / name), "--no-embed"], env=env, capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    return base, env


def search_in(two_shops, *paths):
    base, env = two_shops
    args = [a for p in paths for a in ("--path", str(base / p))]
    return subprocess.run([*LODE, "search", "reclaim", "vectors", "--mode", "lexical", "--json", "--no-daemon",
                           *args], env=env, cwd=base, capture_output=True, text=True, timeout=120)


def test_absolute_path_narrows_several_workspaces_to_its_own(two_shops):
    r = search_in(two_shops, "south/docs")
    assert r.returncode == 0, r.stdout + r.stderr
    hits = json.loads(r.stdout)["hits"]
    assert hits and {(h["workspace"], h["path"].split("/")[0]) for h in hits} == {("south", "docs")}


def test_absolute_paths_in_two_workspaces_are_refused_clearly(two_shops):
    r = search_in(two_shops, "south/docs", "north/store")
    assert r.returncode == 2, r.stdout + r.stderr
    error = json.loads(r.stdout)["error"]
    assert error["param"] == "paths" and "north, south" in error["message"]
