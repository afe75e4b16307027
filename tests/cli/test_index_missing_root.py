"""``lode index`` of a folder that does not exist says so and makes no store: a typo
on the first run left an empty store behind (then ``lode status`` said "no workspaces
yet" instead of "no store"). The CLI as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


def test_missing_root_makes_no_store(tmp_path):
    db = tmp_path / "data" / "lode.db"
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    r = subprocess.run([*LODE, "index", str(tmp_path / "no-such-folder"), "--db", str(db)], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert r.stderr.strip() == f"lode: no such directory: {tmp_path / 'no-such-folder'}"
    assert not db.exists() and not db.parent.exists()
    r = subprocess.run([*LODE, "index", str(tmp_path / "no-such-folder"), "--db", str(db), "--json"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "no such directory" in json.loads(r.stdout)["error"]["message"]
    assert not db.exists()


def test_a_real_folder_still_makes_the_store(tmp_path):
    db = tmp_path / "data" / "lode.db"
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "a.py").write_text("def f():\n    return 1\n")
    r = subprocess.run([*LODE, "index", str(tmp_path / "ws"), "--db", str(db), "--no-embed"],
                       env={**os.environ, "LODE_NO_DAEMON": "1"}, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert db.exists()
