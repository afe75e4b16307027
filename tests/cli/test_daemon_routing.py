"""Read-only commands ask a running daemon for the same store (and only then): a real
daemon on a real socket, the CLI as a subprocess, outputs compared with --no-daemon."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lode.cli import remote
from lode.store.location import resolve_db_path

ROOT = Path(__file__).resolve().parents[2]
SHOP = ROOT / "examples" / "shop"
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]

sys.path.insert(0, str(ROOT / "tests" / "rpc"))
from daemon_process import DaemonProcess  # noqa: E402


def lode(*args, env, cwd=None):
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    base = tmp_path_factory.mktemp("routing")
    shop = base / "shop"
    shutil.copytree(SHOP, shop)
    daemon = DaemonProcess(base, watch=False)
    env = {**os.environ, "LODE_SOCKET": daemon.socket, "LODE_DB": daemon.db}
    env.pop("LODE_NO_DAEMON", None)
    r = lode("index", str(shop), "--no-embed", env=env)
    assert r.returncode == 0, r.stderr
    yield daemon, env, shop
    daemon.stop()


def _steady(text: str) -> str:
    """Output without the timings, which differ from run to run."""
    out = []
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            out.append(re.split(r" (?:hits?|files?) in ", line)[0])
            continue
        obj.pop("timings_ms", None)
        out.append(json.dumps(obj, sort_keys=True))
    return "\n".join(out)


@pytest.mark.parametrize("args", [
    ["search", "reclaim", "vectors"],
    ["search", "reclaim", "vectors", "--json"],
    ["search", "serve http", "--mode", "lexical", "--json", "-n", "3"],
    ["search", "zzzqqq-no-such-word"],
    ["def", "store.Store.Reclaim", "--no-lsp"],
    ["def", "store.Store.Reclaim", "--json", "--no-lsp"],
    ["def", "nosuch.Thing", "--json", "--no-lsp"],
    ["refs", "store.Store", "--json", "--no-lsp"],
    ["describe", "store.Store", "--json", "--no-lsp"],
    ["symbols", "Reclaim"],
    ["symbols", "Reclaim", "--json"],
])
def test_same_output_through_the_daemon(served, args):
    daemon, env, shop = served
    via_daemon = lode(*args, env=env, cwd=shop)
    direct = lode(*args, "--no-daemon", env=env, cwd=shop)
    assert via_daemon.returncode == direct.returncode
    assert _steady(via_daemon.stdout) == _steady(direct.stdout)
    assert _steady(via_daemon.stderr) == _steady(direct.stderr)


def test_daemon_used_only_for_its_own_store(served, tmp_path, monkeypatch):
    daemon, env, _ = served
    monkeypatch.setenv("LODE_SOCKET", daemon.socket)
    monkeypatch.delenv("LODE_NO_DAEMON", raising=False)
    same = remote.daemon_for(daemon.db)
    assert same is not None and same.capabilities["store"]["path"] == daemon.db
    same.close()
    link = tmp_path / "link.db"
    link.symlink_to(daemon.db)
    via_link = remote.daemon_for(str(link))  # the same file by another name
    assert via_link is not None
    via_link.close()
    other = tmp_path / "other.db"
    shutil.copyfile(daemon.db, other)  # equal bytes, another store
    assert remote.daemon_for(str(other)) is None
    assert remote.daemon_for(daemon.db, skip=True) is None
    monkeypatch.setenv("LODE_NO_DAEMON", "1")
    assert remote.daemon_for(daemon.db) is None


def test_other_store_answers_from_itself(served, tmp_path):
    """A daemon up for another store is not asked: the command reads its own store."""
    daemon, env, shop = served
    own = {**env, "LODE_DB": str(tmp_path / "own.db")}
    r = lode("search", "reclaim", "--json", env=own, cwd=shop)
    # its own store, which does not exist (and is not made by a search), not the daemon's
    assert r.returncode != 0, r.stdout + r.stderr
    assert f"no store at {tmp_path / 'own.db'}" in json.loads(r.stdout)["error"]["message"]
    assert not (tmp_path / "own.db").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    assert lode("index", str(empty), "--no-embed", env=own).returncode == 0
    r = lode("search", "reclaim", "--json", env=own, cwd=shop)
    assert r.returncode == 1, r.stderr  # no hit in its empty workspace (as without --json)
    assert json.loads(r.stdout)["workspaces"] == ["empty"]  # its own, not the daemon's


def test_no_daemon_on_the_socket(tmp_path, monkeypatch):
    monkeypatch.setenv("LODE_SOCKET", str(tmp_path / "none.sock"))
    monkeypatch.delenv("LODE_NO_DAEMON", raising=False)
    assert remote.daemon_for(str(tmp_path / "x.db")) is None


@pytest.mark.parametrize("given, env", [
    ("/some/where.db", {}), (None, {"LODE_DB": "~/x.db"}),
    (None, {"XDG_DATA_HOME": "/data"}), (None, {}),
])
def test_store_path_matches_the_store_package(given, env, monkeypatch):
    for key in ("LODE_DB", "XDG_DATA_HOME"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert remote.store_path(given) == str(resolve_db_path(given))


def test_symbols_asks_the_daemon_once_for_every_name_and_where_it_is(served):
    """`lode symbols` prints each qualified name with where it is defined: the names come
    with their definitions in one symbol.search (definitions: true), not one
    symbol.definition request per name listed (as before: 2 + one a name)."""
    daemon, env, shop = served
    served_before = daemon.call("sys.stats")["served"]
    r = lode("symbols", "e", env=env, cwd=shop)
    requests = daemon.call("sys.stats")["served"] - served_before - 1  # the first sys.stats
    names = [line for line in r.stdout.splitlines() if line.strip()]
    located = [line for line in names if re.search(r"  \S+:\d+$", line)]
    assert r.returncode == 0 and len(located) >= 3 and len(names) > len(located), r.stdout  # an import: none
    assert requests == 3, requests  # sys.capabilities, workspace.list, symbol.search
    direct = lode("symbols", "e", "--no-daemon", env=env, cwd=shop)
    assert direct.stdout == r.stdout
    # each location is the first candidate `lode def` gives for the name
    for line in located[:3]:
        name, where = line.split()
        best = json.loads(lode("def", name, "--json", "--no-lsp", env=env, cwd=shop).stdout)["candidates"][0]
        assert where == f"{best['path']}:{best['line']}"


# Printed as the command ends (its exit handlers run: lode.cli.fastpath): which of the
# slower imports a look-up answered by the daemon made.
LOADED = ("import atexit, sys; atexit.register(lambda: print(sorted(m for m in ('socket', 'lode.service', "
          "'sqlite3', 're', 'json') if m in sys.modules), file=sys.stderr)); from lode.cli import main; main()")


@pytest.mark.parametrize("args", [
    ["search", "reclaim", "vectors", "--json"],
    ["def", "store.Store.Reclaim", "--json", "--no-lsp"],
])
def test_a_look_up_the_daemon_answers_loads_neither_the_store_nor_the_socket_module(served, args):
    """The connection is made with the C socket module (the socket module's import was
    ~14 M instructions of ~53 M a look-up runs besides the interpreter's start), and
    JSON read and written with json's C accelerator (lode.jsontext): json's import, re
    behind it, was ~31 M."""
    daemon, env, shop = served
    run = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, env=env,
                         cwd=shop, timeout=120)
    assert run.stderr.strip().splitlines()[-1] == "[]", run.stderr
    direct = lode(*args, "--no-daemon", env=env, cwd=shop)
    assert run.returncode == direct.returncode
    assert _steady(run.stdout) == _steady(direct.stdout)
