"""With ``--json`` an error is JSON on stdout too — ``{"error": {"message", "code", …}}``
and the command's exit code — for search, status and index as for def/refs/impls/
describe/symbols. search and status printed the line for people on stderr and nothing
on stdout, so a script reading stdout got nothing to parse. The CLI as a subprocess,
real stores."""

from __future__ import annotations

import json
import subprocess

import pytest
from shop_store import LODE, alone, indexed_shop


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("json-errors")
    env = alone(base, LODE_LSP="off")
    indexed_shop(base, env)
    return base, env


CASES = [
    (["search", "reclaim", "-w", "nosuch"], 1, "no workspace 'nosuch'"),
    (["status", "-w", "nosuch"], 1, "no workspace 'nosuch'"),
    (["def", "store.Store.reclaim", "-w", "nosuch"], 1, "no workspace 'nosuch'"),
    (["search", "reclaim", "--db", "{base}/missing.db"], 1, "no store at"),
    (["status", "--db", "{base}/missing.db"], 1, "no store at"),
    (["search", " "], 2, "empty"),
]


@pytest.mark.parametrize("args, code, message", CASES)
def test_error_is_json_on_stdout(store, args, code, message):
    base, env = store
    args = [a.format(base=base) for a in args]
    r = subprocess.run([*LODE, *args, "--json"], env=env, cwd=base, capture_output=True, text=True, timeout=120)
    assert r.returncode == code, (r.stdout, r.stderr)
    error = json.loads(r.stdout)["error"]
    assert message in error["message"] and isinstance(error["code"], int), error
    assert r.stderr == ""


@pytest.mark.parametrize("args, code, message", CASES)
def test_without_json_the_error_is_one_line_on_stderr(store, args, code, message):
    base, env = store
    args = [a.format(base=base) for a in args]
    r = subprocess.run([*LODE, *args], env=env, cwd=base, capture_output=True, text=True, timeout=120)
    assert r.returncode == code and r.stdout == ""
    assert r.stderr.startswith("lode: ") and message in r.stderr and r.stderr.count("\n") == 1
