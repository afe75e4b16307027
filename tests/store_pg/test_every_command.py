"""Every `lode` command that reads the store answers from a PostgreSQL store given as
`--db postgresql://…` or `LODE_DB`, as it answers from the SQLite file holding the
same workspace (the same --json output)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECTS = Path(__file__).parents[1] / "indexing" / "projects"
LODE = [sys.executable, "-m", "lode"]

COMMANDS = [
    ["search", "reclaim vectors", "--json"],
    ["search", "ServeHTTP", "--files", "--json"],
    ["def", "store.Store.reclaimVectors", "--no-lsp", "--json"],
    ["refs", "store.Store.reclaimVectors", "--no-lsp", "--json"],
    ["impls", "http.Handler", "--no-lsp", "--json"],
    ["describe", "store.Store.reclaimVectors", "--no-lsp", "--json"],
    ["symbols", "reclaim", "--json"],
    ["outline", "store/reclaim.go", "--json"],
]


@pytest.fixture(scope="module")
def both(pg_server, tmp_path_factory):
    from postgres_server import new_database

    base = tmp_path_factory.mktemp("every")
    root = base / "go"
    shutil.copytree(PROJECTS / "go", root)
    lite = str(base / "lode.db")
    with new_database(pg_server) as url:
        for db in (lite, url):
            out = _lode(["index", str(root), "--db", db], root)
            assert out.returncode == 0, out.stderr
        yield root, lite, url


def _lode(args, cwd, env=None):
    return subprocess.run([*LODE, *args], cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LODE_NO_DAEMON": "1", **(env or {})})


def _answer(out) -> dict:
    assert out.returncode in (0, 1) and not out.stderr, out.stderr  # 1: found nothing (refs, impls here)
    data = json.loads(out.stdout)
    data["exit status"] = out.returncode  # the same from both stores
    for timing in ("elapsed_ms", "timings_ms", "stages", "ms", "timings"):  # how long it took differs
        data.pop(timing, None)
    return data


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] + ":" + c[1] for c in COMMANDS])
def test_the_same_answer_from_both_stores(both, command):
    root, lite, url = both
    want = _answer(_lode([*command, "--db", lite], root))
    assert _answer(_lode([*command, "--db", url], root)) == want
    assert _answer(_lode(command, root, {"LODE_DB": url})) == want


def test_status_from_a_postgresql_store(both):
    root, lite, url = both
    got = _answer(_lode(["status", "--json"], root, {"LODE_DB": url}))
    want = _answer(_lode(["status", "--json", "--db", lite], root))
    assert got["db"] == url and want["db"] == lite
    strip = ("indexed_at", "index_seconds")
    assert [{k: v for k, v in w.items() if k not in strip} for w in got["workspaces"]] == \
        [{k: v for k, v in w.items() if k not in strip} for w in want["workspaces"]]


def test_a_workspace_moves_on_a_postgresql_store_as_on_a_file(pg_server, tmp_path):
    """lode workspace move re-roots a workspace on a shared store too (it failed there with
    an AttributeError traceback: the PostgreSQL store had no way to change a root)."""
    from postgres_server import new_database

    old, new = tmp_path / "go", tmp_path / "moved-go"
    shutil.copytree(PROJECTS / "go", old)
    with new_database(pg_server) as url:
        assert _lode(["index", str(old), "--db", url, "--no-embed"], tmp_path).returncode == 0
        os.rename(old, new)
        moved = _lode(["workspace", "move", "go", str(new), "--db", url, "--json"], tmp_path)
        assert moved.returncode == 0, moved.stderr
        assert json.loads(moved.stdout)["root"] == str(new)
        run = _lode(["index", str(new), "--db", url, "--no-embed", "--json"], tmp_path)
        assert run.returncode == 0, run.stderr
        answer = json.loads(run.stdout)
        assert answer["indexed"] == 0 and answer["unchanged"] == answer["files"] > 0


def test_a_colleague_s_checkout_on_a_shared_store_is_not_taken_for_a_moved_folder(pg_server, tmp_path):
    """On a shared store the other roots are other machines' folders: a root not found here
    is no moved workspace, and indexing the same project here adds this machine's own."""
    from postgres_server import new_database

    theirs, mine = tmp_path / "theirs" / "go", tmp_path / "mine" / "go"
    shutil.copytree(PROJECTS / "go", theirs)
    shutil.copytree(PROJECTS / "go", mine)
    with new_database(pg_server) as url:
        assert _lode(["index", str(theirs), "--db", url, "--no-embed"], tmp_path).returncode == 0
        shutil.rmtree(theirs)  # their machine's folder: not on this one
        run = _lode(["index", str(mine), "--db", url, "--no-embed"], tmp_path)
        assert run.returncode == 0, run.stderr
        status = json.loads(_lode(["status", "--db", url, "--json"], tmp_path).stdout)
        assert sorted(w["root"] for w in status["workspaces"]) == sorted([str(theirs), str(mine)])
