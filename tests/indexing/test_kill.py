"""`kill -9` of a real `lode index` mid-run leaves a consistent store, and a
re-run completes it."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

from .conftest import PROJECTS

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]
FILES = 1500


def _make_tree(root):
    template = (PROJECTS / "go" / "store" / "reclaim.go").read_text()
    for i in range(FILES):
        d = root / f"pkg{i // 50:02d}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"file{i:04d}.go").write_text(template.replace("reclaimVectors", f"reclaimVectors{i}"))


def _count(db_path, sql):
    try:
        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute(sql).fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def _consistent(db_path):
    db = sqlite3.connect(db_path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
    chunks = db.execute("SELECT count(*) FROM chunks").fetchone()[0]
    assert chunks == db.execute("SELECT count(*) FROM chunks_fts").fetchone()[0]
    # Every stored, non-refused file has its whole partition: no half-written file.
    empty = db.execute("SELECT count(*) FROM files f WHERE refused IS NULL AND NOT EXISTS "
                       "(SELECT 1 FROM chunks c WHERE c.file_id = f.id)").fetchone()[0]
    assert empty == 0
    db.close()
    return chunks


def test_sigkill_mid_index_then_rerun(tmp_path):
    root = tmp_path / "big"
    _make_tree(root)
    db_path = tmp_path / "lode.db"
    env = {**os.environ, "LODE_DB": str(db_path)}
    proc = subprocess.Popen([*LODE, "index", str(root)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    written = 0
    while time.monotonic() < deadline and proc.poll() is None:
        written = _count(db_path, "SELECT count(*) FROM files")
        if written > 0:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "lode index finished before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)  # the index process and its workers
    proc.wait()
    assert 0 < written < FILES
    _consistent(db_path)

    done = subprocess.run([*LODE, "index", str(root), "--json"], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    import json
    stats = json.loads(done.stdout)
    assert stats["files"] == FILES and stats["unchanged"] + stats["indexed"] == FILES
    assert stats["unchanged"] >= written  # what the killed run committed is kept
    chunks = _consistent(db_path)
    assert chunks > FILES
    found = subprocess.run([*LODE, "search", "reclaimVectors1499", "--json"], env=env, capture_output=True,
                           text=True, timeout=60, cwd=root)
    hits = json.loads(found.stdout)["hits"]
    assert hits[0]["path"] == "pkg29/file1499.go"
