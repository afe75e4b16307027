"""``lode --call``: starts a daemon when none runs, prints JSON, fails with the code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


def lode(*args, env):
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=60)


def test_call_starts_the_daemon_and_reports_errors(tmp_path):
    env = {**os.environ, "LODE_SOCKET": str(tmp_path / "run" / "d.sock"),
           "LODE_DB": str(tmp_path / "store.db")}
    first = lode("--call", "sys.capabilities", env=env)
    assert first.returncode == 0, first.stderr
    assert "code-go-4" in json.loads(first.stdout)["chunkers"]
    try:
        unknown = lode("--call", "no.such", "{}", env=env)
        assert unknown.returncode == 1 and "error -32601" in unknown.stderr
        bad = lode("--call", "doc.read", '{"path": 3}', env=env)
        assert bad.returncode == 2 and "error -32602" in bad.stderr and "'path'" in bad.stderr
        not_json = lode("--call", "doc.read", "{path", env=env)
        assert not_json.returncode == 2 and "not valid JSON" in not_json.stderr
        # --socket may also follow the params; the same daemon answers.
        again = lode("--call", "sys.capabilities", "[]", "--socket", env["LODE_SOCKET"], env=env)
        assert again.returncode == 0
    finally:
        stop = lode("--call", "sys.shutdown", env=env)
        assert stop.returncode == 0 and json.loads(stop.stdout) == {"stopping": True}
    deadline = time.monotonic() + 5
    while os.path.exists(env["LODE_SOCKET"]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(env["LODE_SOCKET"])


def test_concurrent_calls_share_one_started_daemon(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    env = {**os.environ, "LODE_SOCKET": str(tmp_path / "d.sock"), "LODE_DB": str(tmp_path / "s.db")}
    try:
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: lode("--call", "workspace.list", env=env), range(4)))
        assert all(r.returncode == 0 and json.loads(r.stdout) == [] for r in results), \
            [r.stderr for r in results]
    finally:
        lode("--call", "sys.shutdown", env=env)


def test_a_store_the_started_daemon_cannot_open_is_named_in_one_line(tmp_path):
    # The daemon listens before it opens the store, so a client can connect and then be
    # dropped when the store fails: that was a ConnectionResetError traceback (most
    # runs), else "the daemon exited at start" without the reason.
    junk = tmp_path / "junk.db"
    junk.write_text("not a database, just some text that is long enough to be read\n" * 4)
    for i in range(5):
        env = {**os.environ, "LODE_SOCKET": str(tmp_path / f"d{i}.sock"), "LODE_DB": str(junk)}
        proc = lode("--call", "workspace.list", env=env)
        assert proc.returncode == 1
        assert "Traceback" not in proc.stderr, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "file is not a database" in lines[0], proc.stderr
        assert "give --db" not in lines[0]  # it was given
