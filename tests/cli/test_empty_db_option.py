"""``--db ""`` — ``--db "$STORE"`` with the variable left unset — quietly meant the default
store: ``lode index`` wrote a workspace into the user's own store and the look-ups
answered from it. Every command now refuses it (exit 2, naming the likely cause) and the
default store is not touched; an empty ``LODE_DB`` still means the default, as unset."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

LODE = [sys.executable, "-m", "lode"]
SHOP = Path(__file__).resolve().parents[2] / "examples" / "shop"

COMMANDS = [
    ("index", str(SHOP), "--no-embed", "--db", ""),
    ("--db", "", "index", str(SHOP), "--no-embed"),
    ("search", "serve", "--db", ""),
    ("def", "server.Handler", "--db", ""),
    ("status", "--db", ""),
    ("check", "--db", ""),
    ("workspace", "remove", "shop", "--db", ""),
    ("mcp", "--db", ""),
    ("serve", "--db", ""),
]


@pytest.fixture
def env(tmp_path):
    return {**os.environ, "LODE_NO_DAEMON": "1", "XDG_DATA_HOME": str(tmp_path / "data"),
            "LODE_SOCKET": str(tmp_path / "s.sock"), "LODE_DB": ""}


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_an_empty_db_path_is_refused_and_the_default_store_untouched(tmp_path, env, args):
    proc = subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "--db" in proc.stderr and "empty path" in proc.stderr, proc.stderr
    assert not (tmp_path / "data").exists()


def test_an_empty_lode_db_variable_still_means_the_default_store(tmp_path, env):
    proc = subprocess.run([*LODE, "index", str(SHOP), "--no-embed"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "data" / "lode" / "lode.db").is_file()
