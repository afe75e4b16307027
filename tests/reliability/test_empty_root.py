"""A workspace root that is an empty folder while its index holds files — the mount point
of a drive not mounted, a checkout being replaced — keeps its index. An index run (and
a watching daemon as it starts) walked it, found every file deleted and dropped the
whole index: the next mount meant indexing everything again. Now the run is refused
in one line saying why and what to do, a run over every workspace skips it, status
says the root is empty, and the files coming back are found unchanged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from daemon import Daemon, request

LODE = [sys.executable, "-m", "lode"]


def _lode(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=120)


def _project(root) -> None:
    root.mkdir(parents=True)
    for i in range(6):
        (root / f"part{i}.go").write_text(f"package drive\n\nfunc Part{i}() int {{ return {i} }}\n")


def _unmount(root, aside) -> None:
    """What an unmounted drive leaves: the mount point, an empty folder."""
    os.rename(root, aside)
    root.mkdir()


def _mount(root, aside) -> None:
    root.rmdir()
    os.rename(aside, root)


def test_an_empty_root_keeps_its_index_and_says_why(tmp_path):
    root, aside, db = tmp_path / "mnt" / "drive", tmp_path / "aside", str(tmp_path / "store.db")
    _project(root)
    assert _lode("index", str(root), "--db", db, "--no-embed").returncode == 0
    _unmount(root, aside)

    run = _lode("index", str(root), "--db", db, "--no-embed")
    assert run.returncode == 1, run.stdout
    line = run.stderr.strip()
    assert len(line.splitlines()) == 1 and "is empty" in line and "the index is kept" in line, run.stderr
    assert "lode workspace remove drive" in line

    every = _lode("--call", "index.run", '{"embed": false}', "--db", db, "--socket", str(tmp_path / "s.sock"))
    _lode("--call", "sys.shutdown", "{}", "--db", db, "--socket", str(tmp_path / "s.sock"))
    assert every.returncode == 0, every.stderr
    [skipped] = json.loads(every.stdout)["workspaces"]
    assert "is empty" in skipped["skipped"]

    status = _lode("status", "--db", db)
    assert "root empty" in status.stdout, status.stdout
    [ws] = json.loads(_lode("status", "--db", db, "--json").stdout)["workspaces"]
    assert ws["root_empty"] is True and ws["files"] == 6

    found = _lode("def", "drive.Part3", "--db", db, "--no-lsp", "--json")
    assert found.returncode == 0 and json.loads(found.stdout)["candidates"][0]["path"] == "part3.go"

    _mount(root, aside)
    again = json.loads(_lode("index", str(root), "--db", db, "--no-embed", "--json").stdout)
    assert again["unchanged"] == 6 and again["indexed"] == 0 and again["deleted"] == 0


def test_a_new_workspace_on_an_empty_folder_is_indexed_as_empty(tmp_path):
    root = tmp_path / "fresh"
    root.mkdir()
    run = _lode("index", str(root), "--db", str(tmp_path / "store.db"), "--no-embed")
    assert run.returncode == 0 and "0 files" in run.stdout, run.stderr


def test_a_watching_daemon_started_on_an_empty_root_keeps_the_index(tmp_path):
    base = tmp_path / "d"
    base.mkdir()
    root, aside = tmp_path / "drive", tmp_path / "aside"
    _project(root)
    assert _lode("index", str(root), "--db", str(base / "store.db"), "--no-embed").returncode == 0
    _unmount(root, aside)
    daemon = Daemon(base, watch=True)
    try:
        time.sleep(3)  # the watcher indexes every workspace as it starts
        reply = daemon.exchange(request("symbol.definition", {"name": "drive.Part2"}))[0]
        assert reply["result"]["total"] == 1, reply
        [ws] = daemon.exchange(request("index.status", {}))[0]["result"]["workspaces"]
        assert ws["files"] == 6 and ws["root_empty"] is True
        assert daemon.alive()
    finally:
        daemon.stop()
