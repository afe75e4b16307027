"""^C during ``lode index``: the terminal sends SIGINT to the whole process group (the
indexer and its workers). The command used to end with click's bare "Aborted!" and exit
1; now it says the files written are kept and a new run finishes the job, exits 130 (as
a shell reports SIGINT), and the next run indexes only what was left."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

from runs import ENV, LODE, files_written


def _project(root, files: int) -> None:
    pkg = root / "ledger"
    pkg.mkdir(parents=True)
    for i in range(files):
        (pkg / f"entry{i}.py").write_text("".join(
            f"def post_{i}_{j}(book, amount):\n    \"\"\"Post {j}.\"\"\"\n    return book.add({j}, amount)\n\n"
            for j in range(40)))


def test_ctrl_c_keeps_what_was_written_and_says_how_to_finish(tmp_path):
    root, db = tmp_path / "books", tmp_path / "store.db"
    _project(root, 400)
    run = subprocess.Popen([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--workers", "1"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                           start_new_session=True)
    deadline = time.monotonic() + 120
    while files_written(db) == 0 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.1)
    assert run.poll() is None, "the run ended before it could be interrupted"
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, (run.returncode, out, err)
    assert "Traceback" not in err and "Aborted" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "interrupted" in lines[0] and "lode index again" in lines[0], err

    kept = files_written(db)
    assert 0 < kept < 400
    again = subprocess.run([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--json"],
                           capture_output=True, text=True, env=ENV, timeout=300)
    assert again.returncode == 0, again.stderr
    answer = json.loads(again.stdout)
    assert answer["files"] == 400 and answer["unchanged"] >= kept - 1 and answer["indexed"] <= 400 - kept + 1
    check = subprocess.run([*LODE, "check", "--db", str(db)], capture_output=True, text=True, env=ENV)
    assert check.returncode == 0, check.stdout + check.stderr
