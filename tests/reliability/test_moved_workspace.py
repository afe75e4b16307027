"""A workspace folder moved to a new place keeps its index. ``lode index NEW`` used to add
a second workspace (every file read again, and the old one, whose folder is gone, kept
answering with the same names); now it refuses, writing nothing, and says how to move
the workspace. ``lode workspace move`` re-roots it: the next run reads nothing that did
not change, and the look-ups point into the new folder. A watching daemon re-roots it
through ``workspace.move`` and watches the new folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from daemon import Daemon, request

LODE = [sys.executable, "-m", "lode"]


def _lode(*args: str, cwd=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=120, cwd=cwd)


def _project(root) -> None:
    pkg = root / "shop"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for i in range(12):
        (pkg / f"mod{i}.py").write_text(f"class Cart{i}:\n    def total(self):\n        return {i}\n")
    (root / "README.md").write_text("# Shop\n\nCarts and their totals.\n")


def _status(db) -> list[dict]:
    proc = _lode("status", "--db", str(db), "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["workspaces"]


def test_indexing_a_moved_folder_says_how_to_move_the_workspace_and_the_move_keeps_its_index(tmp_path):
    old, new = tmp_path / "shop", tmp_path / "projects" / "shop-renamed"
    _project(old)
    db = tmp_path / "store.db"
    assert _lode("index", str(old), "--db", str(db), "--no-embed").returncode == 0
    new.parent.mkdir()
    os.rename(old, new)

    refused = _lode("index", str(new), "--db", str(db), "--no-embed")
    assert refused.returncode == 1, refused.stdout
    assert "Traceback" not in refused.stderr
    assert f"lode workspace move shop {new}" in refused.stderr, refused.stderr
    assert "lode workspace remove shop" in refused.stderr
    [ws] = _status(db)  # nothing added
    assert ws["name"] == "shop" and ws["root"] == str(old) and ws["files"] == 14

    as_json = json.loads(_lode("index", str(new), "--db", str(db), "--json").stdout)
    assert as_json["error"]["workspace"] == "shop" and as_json["error"]["moved_from"] == str(old)

    moved = _lode("workspace", "move", "shop", str(new), "--db", str(db), "--json")
    assert moved.returncode == 0, moved.stderr
    answer = json.loads(moved.stdout)
    assert answer["root"] == str(new) and answer["moved_from"] == str(old)
    assert answer["found"] == answer["sampled"] == 14  # every indexed file is there

    run = json.loads(_lode("index", str(new), "--db", str(db), "--no-embed", "--json").stdout)
    assert run["indexed"] == 0 and run["unchanged"] == 14  # nothing read again
    [ws] = _status(db)
    assert ws["root"] == str(new) and ws["files"] == 14 and "root_missing" not in ws
    found = _lode("def", "shop.mod3.Cart3.total", "--db", str(db), "--no-lsp", "--json", cwd=new)
    assert found.returncode == 0, found.stderr
    [hit] = json.loads(found.stdout)["candidates"]
    assert hit["path"] == "shop/mod3.py"
    doc = _lode("search", "carts totals", "--db", str(db), "--json", cwd=new)
    assert doc.returncode == 0 and "README.md" in doc.stdout


def test_a_folder_that_only_shares_a_few_files_is_indexed_as_a_new_workspace(tmp_path):
    old, other = tmp_path / "shop", tmp_path / "other"
    _project(old)
    db = tmp_path / "store.db"
    assert _lode("index", str(old), "--db", str(db), "--no-embed").returncode == 0
    other.mkdir()
    (other / "README.md").write_bytes((old / "README.md").read_bytes())  # the same README
    (other / "main.py").write_text("def main():\n    return 0\n")
    os.rename(old, tmp_path / "gone")
    run = _lode("index", str(other), "--db", str(db), "--no-embed")
    assert run.returncode == 0, run.stderr
    assert sorted(w["name"] for w in _status(db)) == ["other", "shop"]


def test_move_refuses_a_missing_folder_and_another_workspace_s_root(tmp_path):
    shop, ledger = tmp_path / "shop", tmp_path / "ledger"
    _project(shop)
    ledger.mkdir()
    (ledger / "book.py").write_text("def post():\n    return 1\n")
    db = tmp_path / "store.db"
    for root in (shop, ledger):
        assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    missing = _lode("workspace", "move", "shop", str(tmp_path / "nowhere"), "--db", str(db))
    assert missing.returncode == 1 and "no such directory" in missing.stderr, missing.stderr
    taken = _lode("workspace", "move", "shop", str(ledger), "--db", str(db))
    assert taken.returncode == 2 and "already the root of workspace 'ledger'" in taken.stderr, taken.stderr
    unknown = _lode("workspace", "move", "nosuch", str(ledger), "--db", str(db))
    assert unknown.returncode == 1 and "no workspace 'nosuch'" in unknown.stderr, unknown.stderr
    assert {w["name"]: w["root"] for w in _status(db)} == {"shop": str(shop), "ledger": str(ledger)}
    removed = _lode("workspace", "remove", "ledger", "--db", str(db))
    assert removed.returncode == 0 and ledger.is_dir()
    assert [w["name"] for w in _status(db)] == ["shop"]


def test_a_watching_daemon_moves_a_workspace_and_watches_its_new_folder(tmp_path):
    old, new = tmp_path / "shop", tmp_path / "moved"
    _project(old)
    daemon = Daemon(tmp_path / "d", watch=True)
    try:
        assert "result" in daemon.exchange(request("index.run", {"workspace": str(old), "embed": False}))[0]
        os.rename(old, new)
        relative = daemon.exchange(request("workspace.move", {"workspace": "shop", "root": "moved"}))[0]
        assert relative["error"]["code"] == -32602
        reply = daemon.exchange(request("workspace.move", {"workspace": "shop", "root": str(new)}))[0]
        assert reply["result"]["root"] == str(new) and reply["result"]["found"] == 14, reply
        (new / "shop" / "late.py").write_text("def added_after_the_move():\n    return 2\n")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            got = daemon.exchange(request("symbol.definition", {"name": "shop.late.added_after_the_move"}))[0]
            if got["result"]["total"]:
                break
            time.sleep(0.3)
        assert got["result"]["total"] == 1
        [ws] = daemon.exchange(request("workspace.list"))[0]["result"]
        assert ws["root"] == str(new)
        kept = daemon.exchange(request("symbol.definition", {"name": "shop.mod5.Cart5.total"}))[0]
        assert kept["result"]["candidates"][0]["path"] == "shop/mod5.py"
    finally:
        daemon.stop()
