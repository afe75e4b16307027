"""A workspace whose folder is moved or deleted under the store: its index is kept (the
folder may come back), the other workspaces are still indexed by a run over every
workspace, and status and the index error say what happened and what to do."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from daemon import Daemon, request

LODE = [sys.executable, "-m", "lode"]


def _lode(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=120)


def _project(root, word: str) -> None:
    root.mkdir(parents=True)
    (root / "main.go").write_text(f"package {word}\n\nfunc {word.title()}Handler() int {{ return 1 }}\n")


def test_an_index_of_every_workspace_skips_a_moved_root_and_indexes_the_others(tmp_path):
    gone, kept = tmp_path / "gone", tmp_path / "kept"
    _project(gone, "alpha")
    _project(kept, "beta")
    daemon = Daemon(tmp_path / "d")
    try:
        for root in (gone, kept):
            assert "result" in daemon.exchange(request("index.run", {"workspace": str(root)}))[0]
        os.rename(gone, tmp_path / "renamed")
        (kept / "more.go").write_text("package beta\n\nfunc LaterAdded() int { return 2 }\n")
        reply = daemon.exchange(request("index.run", {}), timeout=120)[0]
        assert "result" in reply, reply  # was -32004 for the whole run: beta not indexed
        runs = {r["workspace"]: r for r in reply["result"]["workspaces"]}
        assert "moved or deleted" in runs["gone"]["skipped"]
        assert runs["kept"]["indexed"] == 1
        found = daemon.exchange(request("symbol.definition", {"name": "beta.LaterAdded"}))[0]
        assert found["result"]["total"] == 1
        # the moved workspace's index is kept: its answers still come
        old = daemon.exchange(request("symbol.definition", {"name": "alpha.AlphaHandler"}))[0]
        assert old["result"]["total"] == 1
    finally:
        daemon.stop()


def test_status_and_index_say_a_root_is_missing_and_what_to_do(tmp_path):
    root = tmp_path / "shop"
    _project(root, "shop")
    db = str(tmp_path / "store.db")
    assert _lode("index", str(root), "--db", db, "--no-embed").returncode == 0
    shutil.rmtree(root)

    status = _lode("status", "--db", db)
    assert status.returncode == 0
    assert "root missing" in status.stdout and "lode workspace remove shop" in status.stdout, status.stdout
    as_json = json.loads(_lode("status", "--db", db, "--json").stdout)
    assert as_json["workspaces"][0]["root_missing"] is True
    assert as_json["workspaces"][0]["files"] == 1  # nothing dropped

    _project(root, "shop")
    assert "root_missing" not in json.loads(_lode("status", "--db", db, "--json").stdout)["workspaces"][0]
    shutil.rmtree(root)
    run = _lode("--call", "index.run", '{"workspace": "shop"}', "--db", db,
                "--socket", str(tmp_path / "s.sock"))
    _lode("--call", "sys.shutdown", "{}", "--db", db, "--socket", str(tmp_path / "s.sock"))
    assert run.returncode != 0
    assert "moved or deleted" in run.stderr and "lode workspace move shop" in run.stderr, run.stderr
