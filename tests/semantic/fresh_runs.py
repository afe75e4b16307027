"""An index run in a fresh process (no model or tokenizer loaded yet), and the vectors
it stored: for tests of what an index run loads, and that it stores the same vectors
either way."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path


def index_in_fresh_process(code: str, db: Path, root: Path, *args) -> tuple[dict, list]:
    """Run ``code`` (given argv: store, root, ``args``) in a new interpreter; return the
    JSON object its last output line holds and every stored vector, in order."""
    run = subprocess.run([sys.executable, "-c", code, str(db), str(root), *map(str, args)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    con = sqlite3.connect(db)
    vectors = con.execute("SELECT model, hash, dim, vec FROM vectors ORDER BY model, hash").fetchall()
    con.close()
    return json.loads(run.stdout.strip().splitlines()[-1]), vectors
