"""A store damaged only in its indexes reads as a valid, smaller store: a look-up through
a stale index answers "no definition" with no error. ``lode check`` finds it (SQLite's
integrity check, every table against its indexes) and ``lode check --repair`` mends it
keeping every workspace: the indexes rebuilt in place, or, when tables are damaged too,
every workspace indexed again into a fresh store with the damaged file kept beside it."""

from __future__ import annotations

import json
import os
from pathlib import Path
import sqlite3
import subprocess
import sys
import time

import pytest

LODE = [sys.executable, "-m", "lode"]


def _lode(*args: str, cwd=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=300, cwd=cwd)


def _project(root, package: str, n: int) -> None:
    pkg = root / package
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for i in range(n):
        (pkg / f"mod{i}.py").write_text("".join(
            f"class Widget{i}_{j}:\n    def render(self, out):\n        return out.write('{j}')\n\n"
            for j in range(20)))
    (pkg / "settings.py").write_text("def parse_config(text):\n    return dict(l.split('=') for l in text.splitlines())\n")


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    """A store holding two workspaces, and what status says of each."""
    base = tmp_path_factory.mktemp("indexes")
    roots = [base / "shop", base / "ledger"]
    _project(roots[0], "shop", 30)
    _project(roots[1], "ledger", 10)
    db = base / "store.db"
    for root in roots:
        assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    return roots, db, _workspaces(db)


def _workspaces(db) -> dict:
    proc = _lode("status", "--db", str(db), "--json")
    assert proc.returncode == 0, proc.stderr
    return {w["name"]: (w["root"], w["files"], w["chunks"]) for w in json.loads(proc.stdout)["workspaces"]}


def _hits(proc) -> list:
    """A search's hits (its answer without the timings)."""
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["hits"]
    return [(h["path"], h["line_start"], h["score"]) for h in answer["hits"]]


def _copy(good, tmp_path):
    db = tmp_path / "copy.db"
    db.write_bytes(good.read_bytes())
    return db


def _daemon_over_a_damaged_copy(good, tmp_path):
    """(daemon, store): a daemon started on a copy of the good store whose reversed-name
    index lists nothing."""
    from daemon import Daemon

    base = tmp_path / "d"
    base.mkdir()
    db = base / "store.db"
    db.write_bytes(good.read_bytes())
    _empty_index(db, "symbols_rname")
    return Daemon(base), db


def _empty_index(db_path, index: str) -> None:
    """Make the index's root page an empty leaf: a valid B-tree that lists nothing, as an
    older copy of its pages written back would (no read of it fails)."""
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("PRAGMA page_size").fetchone()[0]
    (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND name = ?",
                         (index,)).fetchone()
    db.close()
    with open(db_path, "r+b") as f:
        f.seek((root - 1) * page)
        f.write(bytes([0x0A, 0, 0, 0, 0]) + page.to_bytes(3, "big")[1:] + b"\0")


def _overwrite_leaves(db_path, table: str, count: int) -> None:
    """Overwrite some of a table's leaf pages with junk, as a bad sector would."""
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("PRAGMA page_size").fetchone()[0]
    pages = [p for (p,) in db.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' "
                                      "LIMIT ?", (table, count))]
    db.close()
    assert len(pages) == count
    with open(db_path, "r+b") as f:
        for p in pages:
            f.seek((p - 1) * page)
            f.write(b"\xa5" * page)


def _scramble_fts_segments(db_path) -> None:
    """Junk in the full-text index's segment blocks, its B-tree intact (what a torn
    write inside a page leaves): SQLite's own integrity check finds nothing."""
    db = sqlite3.connect(db_path)
    db.execute("UPDATE chunks_fts_data SET block = randomblob(length(block)) "
               "WHERE id IN (SELECT id FROM chunks_fts_data WHERE id > 100 ORDER BY id LIMIT 3)")
    db.commit()
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


def test_a_stale_symbol_index_is_found_by_lode_check_and_rebuilt_keeping_every_workspace(indexed, tmp_path):
    roots, good, workspaces = indexed
    db = _copy(good, tmp_path)
    assert _lode("def", "shop.settings.parse_config", "--db", str(db), "--no-lsp", cwd=roots[0]).returncode == 0
    _empty_index(db, "symbols_rname")
    # A look-up that finds nothing checks the index against its table: it answered
    # "no definition of shop.settings.parse_config" before, with no error.
    for command in ("def", "refs"):
        miss = _lode(command, "settings.parse_config", "--db", str(db), "--no-lsp", cwd=roots[0])
        assert miss.returncode == 1
        assert "damaged" in miss.stderr and "symbol index" in miss.stderr and "lode check --repair" in miss.stderr, \
            miss.stderr
    whole = _lode("def", "shop.settings.nothing_by_that_name", "--db", str(good), "--no-lsp", cwd=roots[0])
    assert whole.returncode == 1 and "damaged" not in whole.stderr  # a whole store's miss is a miss

    check = _lode("check", "--db", str(db))
    assert check.returncode == 1
    assert "symbols_rname" in check.stdout
    last = check.stderr.strip().splitlines()[-1]
    assert str(db) in last and "damaged" in last and "lode check --repair" in last, check.stderr
    as_json = json.loads(_lode("check", "--db", str(db), "--json").stdout)
    assert as_json["ok"] is False and as_json["problems"]

    repair = _lode("check", "--repair", "--db", str(db))
    assert repair.returncode == 0, repair.stderr
    assert "indexes" in repair.stdout and "nothing was lost" in repair.stdout
    assert _lode("check", "--db", str(db)).returncode == 0
    found = _lode("def", "shop.settings.parse_config", "--db", str(db), "--no-lsp", cwd=roots[0])
    assert found.returncode == 0 and "settings.py" in found.stdout
    assert _workspaces(db) == workspaces
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []  # repaired in place


def test_damaged_tables_are_rebuilt_from_the_workspaces_folders(indexed, tmp_path):
    roots, good, workspaces = indexed
    db = _copy(good, tmp_path)
    _overwrite_leaves(db, "chunks", 3)
    assert _lode("check", "--db", str(db)).returncode == 1

    repair = _lode("check", "--repair", "--db", str(db), "--json")
    assert repair.returncode == 0, repair.stdout + repair.stderr
    answer = json.loads(repair.stdout)
    assert answer["repaired"] == "reindexed"
    assert sorted(answer["workspaces"]) == sorted(workspaces)
    assert os.path.isfile(answer["damaged_copy"])  # the damaged file is kept, not deleted
    assert _lode("check", "--db", str(db)).returncode == 0
    assert _workspaces(db) == workspaces
    hit = _lode("search", "parse_config", "--db", str(db), "--workspace", "ledger")
    assert hit.returncode == 0 and "settings.py" in hit.stdout


def test_a_whole_store_checks_ok_and_repair_changes_nothing(indexed, tmp_path):
    _, good, workspaces = indexed
    db = _copy(good, tmp_path)
    before = db.read_bytes()
    check = _lode("check", "--db", str(db))
    assert check.returncode == 0 and "ok" in check.stdout
    repair = _lode("check", "--repair", "--db", str(db))
    assert repair.returncode == 0 and "nothing to repair" in repair.stdout
    assert db.read_bytes() == before


def test_check_names_a_missing_store(tmp_path):
    proc = _lode("check", "--db", str(tmp_path / "none.db"))
    assert proc.returncode == 1 and "no store at" in proc.stderr
    assert not (tmp_path / "none.db").exists()


def test_a_damaged_full_text_index_is_found_and_rebuilt(indexed, tmp_path):
    """SQLite's integrity check leaves FTS5's contents out: lode check asks FTS5 itself,
    or a search failing with "damaged: run lode check --repair" met a check saying ok."""
    roots, good, workspaces = indexed
    db = _copy(good, tmp_path)
    before = _hits(_lode("search", "parse_config", "--db", str(db), "--workspace", "shop", "--json"))
    _scramble_fts_segments(db)
    check = _lode("check", "--db", str(db))
    assert check.returncode == 1 and "full-text index" in check.stdout, check.stdout + check.stderr
    repair = json.loads(_lode("check", "--repair", "--db", str(db), "--json").stdout)
    assert repair["repaired"] == "lexical"
    assert _lode("check", "--db", str(db)).returncode == 0
    assert _workspaces(db) == workspaces
    hit = _lode("search", "parse_config", "--db", str(db), "--workspace", "shop")
    assert hit.returncode == 0 and "settings.py" in hit.stdout
    assert _hits(_lode("search", "parse_config", "--db", str(db), "--workspace", "shop", "--json")) == before


def test_a_damaged_full_text_index_is_made_again_from_the_store_without_the_folders(indexed, tmp_path):
    """The store holds every chunk's text: a damaged full-text index is made again from
    it in place, the files not read again — before, the repair indexed every workspace
    again from its folder, and a workspace whose folder was away (an unmounted disk, a
    checkout moved) came back empty."""
    roots, good, workspaces = indexed
    db = _copy(good, tmp_path)
    before = {ws: _hits(_lode("search", "render out write", "--db", str(db), "--workspace", ws, "--json"))
              for ws in ("shop", "ledger")}
    _scramble_fts_segments(db)
    away = [root.with_name(root.name + "-away") for root in roots]
    for root, moved in zip(roots, away):
        os.rename(root, moved)
    try:
        repair = _lode("check", "--repair", "--db", str(db))
        assert repair.returncode == 0, repair.stderr
        assert "full-text index" in repair.stdout and "nothing was lost" in repair.stdout, repair.stdout
        assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []  # in place
        assert _lode("check", "--db", str(db)).returncode == 0
        for ws, answer in before.items():
            after = _lode("search", "render out write", "--db", str(db), "--workspace", ws, "--json")
            assert after.returncode == 0 and _hits(after) == answer, after.stderr
    finally:
        for root, moved in zip(roots, away):
            os.rename(moved, root)
    assert _workspaces(db) == workspaces


def test_damaged_b_tree_and_full_text_indexes_are_both_rebuilt_in_place(indexed, tmp_path):
    roots, good, workspaces = indexed
    db = _copy(good, tmp_path)
    _scramble_fts_segments(db)
    _empty_index(db, "symbols_rname")
    repair = json.loads(_lode("check", "--repair", "--db", str(db), "--json").stdout)
    assert repair["repaired"] == "indexes", repair
    assert _lode("check", "--db", str(db)).returncode == 0
    assert _workspaces(db) == workspaces
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []
    found = _lode("def", "shop.settings.parse_config", "--db", str(db), "--no-lsp", cwd=roots[0])
    assert found.returncode == 0 and "settings.py" in found.stdout
    hit = _lode("search", "parse_config", "--db", str(db), "--workspace", "ledger")
    assert hit.returncode == 0 and "settings.py" in hit.stdout


def test_repair_waits_for_a_daemon_serving_the_store_to_stop(indexed, tmp_path):
    """An in-place repair under a running daemon left it answering "no definition" from
    its reply cache; a rebuilt store would have been swapped in under it."""
    from daemon import request

    roots, good, _ = indexed
    daemon, db = _daemon_over_a_damaged_copy(good, tmp_path)
    try:
        env = {**os.environ, "LODE_SOCKET": daemon.socket}
        run = subprocess.run([*LODE, "check", "--repair", "--db", str(db)], capture_output=True, text=True,
                             env=env, timeout=120)
        assert run.returncode == 1 and "daemon" in run.stderr and "sys.shutdown" in run.stderr, run.stderr
        assert _lode("check", "--db", str(db)).returncode == 1  # untouched: still to repair
        daemon.exchange(request("sys.shutdown", {}))
        daemon.proc.wait(30)
        again = subprocess.run([*LODE, "check", "--repair", "--db", str(db)], capture_output=True, text=True,
                               env=env, timeout=120)
        assert again.returncode == 0 and "nothing was lost" in again.stdout, again.stderr
    finally:
        daemon.stop()


def test_the_daemon_reports_a_damaged_symbol_index_instead_of_no_definition(indexed, tmp_path):
    from daemon import request

    _, good, _ = indexed
    daemon, _ = _daemon_over_a_damaged_copy(good, tmp_path)
    try:
        reply = daemon.exchange(request("symbol.definition", {"name": "ledger.settings.parse_config"}))[0]
        assert reply["error"]["code"] == -32020 and "lode check --repair" in reply["error"]["message"], reply
        other = daemon.exchange(request("symbol.definition", {"name": "ledger.settings.no_such_name"}))[0]
        assert other["error"]["code"] == -32020  # the index is checked, not the name: any miss sees it
        assert daemon.alive()
    finally:
        daemon.stop()


def test_a_repair_on_a_full_disk_says_so_and_leaves_the_store_as_it_was(indexed, tmp_path):
    """VACUUM needs room for a copy of the store: on a full disk the repair fell through
    to re-indexing every workspace into a fresh store beside it, which failed too and
    left its part-written file on the full disk."""
    import shutil

    prefix = ("unshare", "-Urm")
    if shutil.which("unshare") is None or subprocess.run([*prefix, "true"], capture_output=True).returncode:
        pytest.skip("mount namespaces are not allowed here")
    roots, good, workspaces = indexed
    disk, out = tmp_path / "disk", tmp_path / "out"
    disk.mkdir()
    out.mkdir()
    db = disk / "store.db"
    size_kib = good.stat().st_size * 3 // 2 // 1024
    lode = " ".join([*LODE])
    script = f"""
        mount -t tmpfs -o size={size_kib}k tmpfs {disk} || exit 99
        cp {good} {db} && {sys.executable} -c "
import sys; sys.path.insert(0, '{Path(__file__).parent}')
from test_damaged_indexes import _empty_index; _empty_index('{db}', 'symbols_rname')"
        {lode} check --repair --db {db} >{out}/full.out 2>{out}/full.err; echo $? >{out}/full.rc
        ls {disk} >{out}/left
        {lode} check --db {db} >/dev/null 2>&1; echo $? >{out}/still.rc
        mount -o remount,size=64m {disk}
        {lode} check --repair --db {db} >{out}/again.out 2>&1; echo $? >{out}/again.rc
    """
    run = subprocess.run([*prefix, "bash", "-c", script], timeout=300, env={**os.environ, "LODE_NO_DAEMON": "1"})
    if run.returncode == 99:
        pytest.skip("tmpfs cannot be mounted here")
    assert (out / "full.rc").read_text().strip() == "1", (out / "full.out").read_text()
    err = (out / "full.err").read_text()
    assert "Traceback" not in err and "cannot repair" in err and "lode check --repair again" in err, err
    left = (out / "left").read_text().split()
    assert "store.db" in left and not [n for n in left if "rebuild" in n], left  # no part-written copy
    assert (out / "still.rc").read_text().strip() == "1"
    assert (out / "again.rc").read_text().strip() == "0", (out / "again.out").read_text()
    assert "nothing was lost" in (out / "again.out").read_text()


def test_a_repair_removes_the_copy_a_killed_repair_left(indexed, tmp_path):
    """A repair killed while it re-indexed into a fresh store (kill -9, a reboot) left
    STORE.rebuild-PID and its WAL beside the store, as large as a store, for ever: the
    next repair runs under another pid and never looked at it."""
    _, good, workspaces = indexed
    db = _copy(good, tmp_path)
    gone = subprocess.Popen(["true"])
    gone.wait()
    left = [tmp_path / f"copy.db.rebuild-{gone.pid}", tmp_path / f"copy.db.rebuild-{gone.pid}-wal"]
    for path in left:
        path.write_bytes(good.read_bytes()[:65536])
    running = tmp_path / f"copy.db.rebuild-{os.getpid()}"  # a repair still under way: kept
    running.write_bytes(b"")
    _empty_index(db, "symbols_rname")
    repair = _lode("check", "--repair", "--db", str(db))
    assert repair.returncode == 0, repair.stderr
    assert [p.exists() for p in left] == [False, False]
    assert running.exists()
    assert _workspaces(db) == workspaces


def test_a_repair_waits_for_an_index_run_writing_the_store(indexed, tmp_path):
    """A repair that rebuilt the store while lode index wrote it swapped the new file in
    under the run, which went on writing the damaged one: its files lost without a word.
    The repair is refused while a run holds its workspace's index lock, and goes through
    once the run is done."""
    _, good, _ = indexed
    db = _copy(good, tmp_path)
    _empty_index(db, "symbols_rname")
    big = tmp_path / "big"
    _project(big, "big", 300)
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    run = subprocess.Popen([*LODE, "index", str(big), "--db", str(db), "--no-embed", "--workers", "1"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and run.poll() is None and not _lock_held(db):
            time.sleep(0.05)
        assert run.poll() is None, "the run ended before the repair could meet it"
        refused = _lode("check", "--repair", "--db", str(db))
        assert refused.returncode == 1, refused.stdout
        assert "an index run is writing" in refused.stderr and "again" in refused.stderr, refused.stderr
    finally:
        out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert _lode("check", "--repair", "--db", str(db)).returncode == 0
    assert _lode("check", "--db", str(db)).returncode == 0
    assert "big" in _workspaces(db)


def _lock_held(db) -> bool:
    """Whether some process holds a lock in the store's index lock file."""
    import fcntl

    path = f"{db}-index.lock"
    if not os.path.exists(path):
        return False
    with open(path, "r+b") as f:
        try:
            fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB, 0, 0)
        except OSError:
            return True
        fcntl.lockf(f, fcntl.LOCK_UN, 0, 0)
        return False
