"""``lode chunk FILE`` (the README's second look at the example) prints each chunk as
``path:lines kind breadcrumb`` without the path a second time at the breadcrumb's head."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


def test_chunk_lines_name_the_file_once():
    r = subprocess.run([*LODE, "chunk", "examples/shop/store/reclaim.go"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120, env={**os.environ, "LODE_NO_DAEMON": "1"})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "examples/shop/store/reclaim.go:1-6 header package store"
    assert lines[-1] == ("examples/shop/store/reclaim.go:13-17 method "
                         "func (s *Store) reclaim(ctx context.Context, fp string) error")
    assert "examples/shop/store/reclaim.go:9-9 gap (lexical only)" in lines
    assert all(line.count("reclaim.go") == 1 for line in lines), lines
