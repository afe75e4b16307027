"""``lode mcp --budget`` below what one hit needs (a negative number, a few hundred: a
typo) is refused at start with the bound; before, the server ran and cut every answer
to "kept 0 of N", an agent's every call useless with no error (and 0 quietly meant the
default)."""

from __future__ import annotations

import subprocess
import sys

import pytest

LODE = [sys.executable, "-m", "lode"]


@pytest.mark.parametrize("budget", ["0", "-5", "999"])
def test_a_budget_too_small_for_one_hit_is_refused_at_start(tmp_path, budget):
    run = subprocess.run([*LODE, "mcp", "--no-watch", "--db", str(tmp_path / "store.db"), "--budget", budget],
                         input="", capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "--budget" in run.stderr and "x>=1000" in run.stderr, run.stderr
    assert not (tmp_path / "store.db").exists()
