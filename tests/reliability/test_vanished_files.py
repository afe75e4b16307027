"""Files gone between the walk and their read. A project folder moved (or a branch
switched) while lode index ran: each file not read yet was recorded as refused, 'no
such file', with its old mtime and size, and its chunks dropped; after the workspace was
moved to the folder (or the files came back), the next run found them unchanged and
left them out of the index for good. Now a file gone when it is read leaves the index
as a deleted file does (a later run reads it if it is back), and a root gone during the
run stops the run with the index kept."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time

LODE = [sys.executable, "-m", "lode"]
ENV = {**os.environ, "LODE_NO_DAEMON": "1"}


def _lode(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=ENV, timeout=300)


def _project(root, files: int, version: int) -> None:
    pkg = root / "billing"
    pkg.mkdir(parents=True, exist_ok=True)
    for i in range(files):
        (pkg / f"invoice{i}.py").write_text("".join(
            f"def total_{i}_{j}(lines):\n    \"\"\"Version {version}.\"\"\"\n    return sum(lines) + {j * version}\n\n"
            for j in range(40)))


def _written_by_run(db, generation: int) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return con.execute("SELECT count(*) FROM files WHERE generation >= ?", (generation,)).fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def test_a_folder_moved_during_a_run_keeps_every_file_s_index(tmp_path):
    root, moved, db = tmp_path / "billing", tmp_path / "billing-moved", tmp_path / "store.db"
    _project(root, 300, 1)
    assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    _project(root, 300, 2)  # every file changed: the next run reads them all
    run = subprocess.Popen([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--workers", "1"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    deadline = time.monotonic() + 120
    while _written_by_run(db, 2) == 0 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.05)
    assert run.poll() is None, "the run ended before the folder could be moved"
    os.rename(root, moved)
    out, err = run.communicate(timeout=300)
    assert run.returncode == 1, out
    assert "went away during the run" in err and "lode workspace move" in err and "Traceback" not in err, err

    [ws] = json.loads(_lode("status", "--db", str(db), "--json").stdout)["workspaces"]
    assert ws["files"] == 300 and not ws["refused"], ws["refused"][:3]  # nothing dropped

    move = json.loads(_lode("workspace", "move", "billing", str(moved), "--db", str(db), "--json").stdout)
    assert move["found"] == move["sampled"] == 200  # by name: edited files are still its own
    again = json.loads(_lode("index", str(moved), "--db", str(db), "--no-embed", "--json").stdout)
    assert again["refused"] == 0 and again["indexed"] + again["unchanged"] == 300
    [ws] = json.loads(_lode("status", "--db", str(db), "--json").stdout)["workspaces"]
    assert ws["files"] == 300 and ws["chunks"] == 300 * 40 and not ws["refused"]
    hits = _lode("search", "Version 2", "--db", str(db), "--json", "--limit", "5")
    assert hits.returncode == 0 and json.loads(hits.stdout)["hits"]


def test_a_file_an_earlier_version_recorded_as_gone_is_read_again(tmp_path):
    """A store written before holds files refused 'no such file' with the mtime and size
    they still have: the next run reads them instead of counting them unchanged."""
    root, db = tmp_path / "billing", tmp_path / "store.db"
    _project(root, 3, 1)
    assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    con = sqlite3.connect(db)
    with con:  # what the earlier version wrote for a file it found gone mid-run
        con.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all')")
        con.execute("DELETE FROM chunks")
        con.execute("UPDATE files SET refused = 'no such file' WHERE path = 'billing/invoice1.py'")
    con.close()
    run = json.loads(_lode("index", str(root), "--db", str(db), "--no-embed", "--json").stdout)
    assert run["indexed"] == 1 and run["unchanged"] == 2
    [ws] = json.loads(_lode("status", "--db", str(db), "--json").stdout)["workspaces"]
    assert ws["files"] == 3 and not ws["refused"]
