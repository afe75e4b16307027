"""`lode check` of a PostgreSQL store checks lode's own derived tables (the lexical
index's counts and postings against the chunks they come from); the server checks its
pages itself. It refused with exit 2 ("lode check reads a SQLite store"), leaving a team
no way to tell, after losing a server mid-run, whether its store still ranks right."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECTS = Path(__file__).parents[1] / "indexing" / "projects"
LODE = [sys.executable, "-m", "lode"]


def _lode(args, cwd):
    return subprocess.run([*LODE, *args], cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LODE_NO_DAEMON": "1"})


def test_check_finds_a_whole_store_whole_and_a_wrong_count_wrong(pg_url, tmp_path):
    import psycopg

    root = tmp_path / "go"
    shutil.copytree(PROJECTS / "go", root)
    assert _lode(["index", str(root), "--db", pg_url, "--no-embed"], tmp_path).returncode == 0
    (root / "store" / "reclaim.go").unlink()  # a deletion runs the trigger that keeps the counts
    assert _lode(["index", str(root), "--db", pg_url, "--no-embed"], tmp_path).returncode == 0

    whole = _lode(["check", "--db", pg_url, "--json"], tmp_path)
    assert whole.returncode == 0, whole.stderr
    assert json.loads(whole.stdout)["ok"] is True

    with psycopg.connect(pg_url, autocommit=True) as conn:  # what a lost update would leave
        conn.execute("UPDATE fts_vocab SET docs = docs + 1 WHERE term = 'handler'")
        conn.execute("DELETE FROM fts_postings WHERE chunk_id = (SELECT min(id) FROM chunks)")
    damaged = _lode(["check", "--db", pg_url, "--json"], tmp_path)
    assert damaged.returncode == 1, damaged.stderr
    answer = json.loads(damaged.stdout)
    assert answer["ok"] is False
    assert any("fts_vocab" in p for p in answer["problems"]), answer
    text = _lode(["check", "--db", pg_url], tmp_path)
    assert text.returncode == 1 and "lode workspace remove" in text.stderr + text.stdout


def test_repair_of_a_postgresql_store_is_refused_with_what_to_do(pg_url, tmp_path):
    out = _lode(["check", "--repair", "--db", pg_url], tmp_path)
    assert out.returncode == 2
    assert "lode workspace remove" in out.stderr
