"""Commands run from a folder deleted under the shell (a checkout that removed it, an
rm -rf of the build folder one stands in): the look-ups ended in a FileNotFoundError
traceback from os.getcwd(), and lode index with no ROOT too. Now a look-up answers as
outside every workspace, lode index says the folder is gone and what to do, and a
relative file name is no such file."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

SHOP = Path(__file__).resolve().parents[2] / "examples" / "shop"
LODE = [sys.executable, "-m", "lode"]


def _from_deleted_folder(tmp_path, *args: str) -> subprocess.CompletedProcess:
    gone = tmp_path / "gone"
    gone.mkdir(exist_ok=True)
    command = " ".join(shlex.quote(a) for a in [*LODE, *args])
    folder = shlex.quote(str(gone))
    return subprocess.run(["bash", "-c", f"cd {folder} && rmdir {folder} && exec {command}"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LODE_NO_DAEMON": "1", "PYTHONSAFEPATH": "1"})


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    base = tmp_path_factory.mktemp("cwd")
    db = base / "store.db"
    run = subprocess.run([*LODE, "index", str(SHOP), "--db", str(db), "--no-embed"], capture_output=True,
                         text=True, env={**os.environ, "LODE_NO_DAEMON": "1"})
    assert run.returncode == 0, run.stderr
    return db


@pytest.mark.parametrize("args", [
    ("search", "serve http", "--json"),
    ("search", "serve http", "--path", "server", "--json"),
    ("def", "server.Handler", "--no-lsp", "--json"),
    ("refs", "server.Handler", "--no-lsp", "--json"),
    ("symbols", "Handler", "--json"),
], ids=lambda a: " ".join(a[:2]))
def test_look_ups_answer_as_from_outside_every_workspace(db, tmp_path, args):
    proc = _from_deleted_folder(tmp_path, *args, "--db", str(db))
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)


def test_index_without_root_says_the_folder_is_gone(db, tmp_path):
    proc = _from_deleted_folder(tmp_path, "index", "--db", str(db), "--no-embed")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "current folder no longer exists" in proc.stderr and "lode index PATH" in proc.stderr


def test_outline_of_a_relative_name_is_no_such_file(db, tmp_path):
    proc = _from_deleted_folder(tmp_path, "outline", "http.go", "--db", str(db))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "no such file: http.go" in proc.stderr
