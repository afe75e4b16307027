"""The daemon's watcher on a store whose disk fills up: the re-index fails, the daemon
keeps serving its last index, index.status says the watcher is behind and why, and once
space is free the files saved meanwhile are indexed — by the next change (a walk of the
whole workspace, not only the changed path) or by the timed retry. Before, the failed
run's paths were dropped: files saved while the disk was full stayed unindexed until a
manual lode index, and nothing said so.

The full disk is a small tmpfs mounted in a mount namespace of its own (``unshare
-Urm``), where the whole scenario runs; where that is not allowed the test skips."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent

SCENARIO = r"""
import json, os, sys, time
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, os.path.join(sys.argv[1], "..", "rpc"))
from pathlib import Path
from daemon import Daemon, request

disk, ws = Path(sys.argv[2]), Path(sys.argv[3])
out = {}
d = Daemon(disk / "d", watch=True)
call = lambda m, p: d.exchange(request(m, p, 1), timeout=120)[0]

def wait_for(check, seconds=40):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.3)
    return None

try:
    call("workspace.add", {"root": str(ws)})
    out["first"] = "result" in call("index.run", {"workspace": str(ws), "embed": False})
    time.sleep(2)  # the watch in place
    with open(disk / "filler", "wb") as f:
        try:
            while True:
                f.write(b"\0" * (1 << 20)); f.flush()
        except OSError:
            pass
    for i in range(20):
        (ws / f"saved{i}.py").write_text("".join(f"def saved_{i}_{j}():\n    return {j}\n\n" for j in range(300)))
    failed = wait_for(lambda: call("index.status", {})["result"].get("watch_failed"))
    out["watch_failed"] = failed
    out["alive_when_full"] = d.alive()
    out["served_when_full"] = call("symbol.definition", {"name": "app.handler"})["result"]["total"]
    os.remove(disk / "filler")
    (ws / "app.py").write_text("def handler():\n    return 2\n")  # one later change
    found = wait_for(lambda: call("symbol.definition", {"name": "saved7.saved_7_299"})["result"]["total"])
    out["indexed_after_free"] = found
    out["status_after"] = call("index.status", {})["result"].get("watch_failed")
finally:
    d.stop()
print(json.dumps(out))
"""


def test_files_saved_while_the_disk_was_full_are_indexed_when_it_frees(tmp_path):
    prefix = ("unshare", "-Urm")
    if shutil.which("unshare") is None or subprocess.run([*prefix, "true"], capture_output=True).returncode:
        pytest.skip("mount namespaces are not allowed here")
    disk, ws = tmp_path / "disk", tmp_path / "ws"
    disk.mkdir()
    ws.mkdir()
    (ws / "app.py").write_text("def handler():\n    return 1\n")
    script = tmp_path / "scenario.py"
    script.write_text(SCENARIO)
    run = subprocess.run(
        [*prefix, "bash", "-c", f"mount -t tmpfs -o size=8m tmpfs {disk} || exit 99; "
                                f"{sys.executable} {script} {HERE} {disk} {ws}"],
        capture_output=True, text=True, timeout=300, env=dict(os.environ))
    if run.returncode == 99:
        pytest.skip("tmpfs cannot be mounted here")
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["first"]
    assert out["alive_when_full"] and out["served_when_full"] == 1
    assert out["watch_failed"] and "full" in out["watch_failed"]["ws"], out["watch_failed"]
    assert out["indexed_after_free"] == 1  # was 0: saved7.py's change was dropped
    assert not out["status_after"]
