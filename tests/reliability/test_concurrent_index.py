"""Several ``lode index`` of one folder at once (a git hook beside a manual run, an editor
task): each used to read, chunk and write every file beside the others, and two adding
the same new root raced on the store's unique root (a traceback: ``UNIQUE constraint
failed: workspaces.root``). Now they add one workspace, take turns (a second run waits
for the first, then finds every file unchanged) and all succeed; an indexer killed with
SIGKILL holds nobody up."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

LODE = [sys.executable, "-m", "lode"]
ENV = {**os.environ, "LODE_NO_DAEMON": "1"}


def _project(root, files: int) -> None:
    pkg = root / "inventory"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for i in range(files):
        (pkg / f"stock{i}.py").write_text("".join(
            f"class Bin{i}_{j}:\n    \"\"\"Shelf {j} of aisle {i}.\"\"\"\n\n"
            f"    def count(self, items):\n        return sum(1 for _ in items) + {j}\n\n"
            for j in range(25)))


def _start(root, db) -> subprocess.Popen:
    return subprocess.Popen([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--json", "--workers", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def test_runs_of_one_new_folder_at_once_add_one_workspace_and_take_turns(tmp_path):
    root, db = tmp_path / "shop", tmp_path / "store.db"
    _project(root, 60)
    runs = [_start(root, db) for _ in range(3)]
    answers = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        assert "Traceback" not in err
        answers.append(json.loads(out))
    assert sorted(a["indexed"] for a in answers) == [0, 0, 61], answers  # one did the work
    assert sorted(a["unchanged"] for a in answers) == [0, 61, 61]
    status = json.loads(subprocess.run([*LODE, "status", "--db", str(db), "--json"], capture_output=True,
                                       text=True, env=ENV).stdout)
    [ws] = status["workspaces"]
    assert ws["files"] == 61 and ws["chunks"] == 60 * 25


def test_an_indexer_killed_mid_run_holds_nobody_up(tmp_path):
    root, db = tmp_path / "shop", tmp_path / "store.db"
    _project(root, 150)
    first = _start(root, db)
    time.sleep(4)
    first.send_signal(signal.SIGKILL)
    first.wait(30)
    started = time.monotonic()
    second = subprocess.run([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--json"],
                            capture_output=True, text=True, env=ENV, timeout=300)
    assert second.returncode == 0, second.stderr
    answer = json.loads(second.stdout)
    assert answer["files"] == 151 and answer["indexed"] + answer["unchanged"] == 151
    assert time.monotonic() - started < 120
    check = subprocess.run([*LODE, "check", "--db", str(db)], capture_output=True, text=True, env=ENV)
    assert check.returncode == 0, check.stdout + check.stderr
