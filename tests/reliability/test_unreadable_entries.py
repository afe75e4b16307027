"""A file and a folder lode may not read (mode 000, another user's). Both are listed as
refused with the reason, every other file is indexed, and the next run is a no-op:
a folder that could not be listed used to be written again on every run (a new
generation each time, ``refused: 1`` in every answer), where an entry skipped for
another reason is written once.

The tests run as root, which reads anything: the runs happen in a user namespace
(``unshare -Ur``) where the entries belong to an unmapped user, so the mode holds;
where that is not allowed the test skips."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from runs import ENV


def _in_namespace(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["unshare", "-Ur", sys.executable, "-m", "lode", *args], capture_output=True,
                          text=True, env=ENV, timeout=300)


@pytest.fixture
def project(tmp_path):
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-Ur", "true"]).returncode != 0:
        pytest.skip("user namespaces (unshare -Ur) are not available here")
    root = tmp_path / "shop"
    (root / "src").mkdir(parents=True)
    (root / "private").mkdir()
    (root / "src" / "orders.py").write_text("def order_total(lines):\n    return sum(lines)\n")
    (root / "src" / "keys.py").write_text("def signing_key():\n    return 'k'\n")
    (root / "private" / "notes.py").write_text("def private_notes():\n    return 1\n")
    os.chmod(tmp_path, 0o777)
    if os.geteuid() == 0:  # owned by a user the namespace does not map: its root may not read them
        for p in (root / "src" / "keys.py", root / "private"):
            os.chown(p, 65534, 65534)
    os.chmod(root / "src" / "keys.py", 0)
    os.chmod(root / "private", 0)
    yield root
    os.chmod(root / "private", 0o755)


def test_unreadable_entries_are_listed_and_the_next_run_is_a_no_op(project, tmp_path):
    db = str(tmp_path / "store.db")
    first = _in_namespace("index", str(project), "--db", db, "--no-embed", "--json")
    assert first.returncode == 0, first.stderr
    assert "Traceback" not in first.stderr
    run = json.loads(first.stdout)
    assert run["indexed"] == 1 and run["refused"] == 2, run
    status = json.loads(_in_namespace("status", "--db", db, "--json").stdout)
    refused = {r["path"]: r["reason"] for r in status["workspaces"][0]["refused"]}
    assert refused == {"private/": "cannot list directory: Permission denied", "src/keys.py": "permission denied"}
    again = json.loads(_in_namespace("index", str(project), "--db", db, "--no-embed", "--json").stdout)
    assert again["refused"] == 0 and again["unchanged"] == 2 and again["generation"] == run["generation"], again
    status = json.loads(_in_namespace("status", "--db", db, "--json").stdout)
    assert len(status["workspaces"][0]["refused"]) == 2
