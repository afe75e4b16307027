"""The code-embedding evidence is saved beside the store after the files are indexed;
when it cannot be saved (a full disk, its folder's name taken by a file) the run that
indexed the files stands: it exits 0, says the evidence was not saved and why, and the
next run saves it. Before, the run ended in a traceback (the CLI) or an internal error
(the daemon) after its files were in the store."""

from __future__ import annotations

import json
import os
import subprocess
import sys

LODE = [sys.executable, "-m", "lode"]


def _lode(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=300)


def test_an_index_whose_evidence_cannot_be_saved_stands_and_says_so(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    for i in range(5):
        (root / f"mod{i}.py").write_text(f"def parse_config_{i}(text):\n    \"\"\"Read settings.\"\"\"\n    return text\n")
    db = tmp_path / "store.db"
    taken = tmp_path / "store.db.evidence"  # where the evidence folder goes
    taken.write_text("a file where the evidence folder would be\n")

    run = _lode("index", str(root), "--db", str(db))
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert "5 indexed" in run.stdout
    assert "evidence not saved" in run.stdout and str(taken) in run.stdout, run.stdout
    answer = json.loads(_lode("index", str(root), "--db", str(db), "--json").stdout)
    assert answer["embedding"]["evidence"]["skipped"].startswith("cannot save")
    assert taken.read_text() == "a file where the evidence folder would be\n"  # untouched
    assert _lode("def", "mod3.parse_config_3", "--db", str(db), "--no-lsp").returncode == 0

    taken.unlink()
    again = json.loads(_lode("index", str(root), "--db", str(db), "--json").stdout)
    assert again["embedding"]["evidence"].get("engine"), again["embedding"]["evidence"]
    assert taken.is_dir()
