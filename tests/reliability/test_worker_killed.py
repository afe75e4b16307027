"""An index worker that dies mid-run — the kernel's OOM killer, a parser crashing on a
file — used to end the whole run with a BrokenProcessPool traceback (when the next task
was handed to the broken pool), or refuse every file in flight, innocent ones included,
until each was touched again. Now the files in flight are chunked again one at a time
and only a file that kills its worker again is refused: the run finishes, every other
file indexed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

from runs import ENV, LODE, files_written


def _project(root, files: int) -> None:
    pkg = root / "orders"
    pkg.mkdir(parents=True)
    for i in range(files):
        (pkg / f"order{i}.py").write_text("".join(
            f"class Line{i}_{j}:\n    def price(self, qty):\n        return qty * {j + 1}\n\n" for j in range(60)))


def _workers(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def test_a_worker_killed_mid_run_costs_no_file(tmp_path):
    root, db = tmp_path / "shop", tmp_path / "store.db"
    _project(root, 400)
    run = subprocess.Popen([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--workers", "2", "--json"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    deadline = time.monotonic() + 120
    while files_written(db) == 0 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.05)
    workers = _workers(run.pid)
    assert run.poll() is None and workers, "the run ended before a worker could be killed"
    os.kill(workers[-1], signal.SIGKILL)  # as the OOM killer would
    out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert "Traceback" not in err
    answer = json.loads(out)
    assert answer["files"] == 400 and answer["indexed"] == 400 and answer["refused"] == 0, answer
    status = json.loads(subprocess.run([*LODE, "status", "--db", str(db), "--json"], capture_output=True,
                                       text=True, env=ENV).stdout)
    [ws] = status["workspaces"]
    assert ws["files"] == 400 and ws["chunks"] == 400 * 60 and not ws["refused"]
    again = json.loads(subprocess.run([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--json"],
                                      capture_output=True, text=True, env=ENV).stdout)
    assert again["unchanged"] == 400
