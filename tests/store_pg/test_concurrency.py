"""Many writers and readers on one PostgreSQL store, with real `lode` processes: two
indexers of different workspaces at once while a client searches throughout, one
indexer per workspace (a second is told another is running), and a killed indexer
that leaves whole batches and its lock behind it released."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest

from lode.errors import IndexerBusy
from lode.service import Service

PROJECTS = Path(__file__).parents[1] / "indexing" / "projects"
LODE = [sys.executable, "-m", "lode"]
COPIES = 150  # copies of a fixture project per workspace: ~450-600 files, a few seconds of indexing


def _tree(root: Path, project: str, word: str, copies: int = COPIES) -> Path:
    """``copies`` copies of a fixture project under ``root``, the ``word`` identifier made
    unique in each (``reclaimVectors17``), so every copy's definition is its own."""
    for i in range(copies):
        dest = root / f"copy{i:03d}"
        shutil.copytree(PROJECTS / project, dest)
        for path in dest.rglob("*"):
            if path.is_file() and path.suffix in (".go", ".py", ".md"):
                text = path.read_text()
                if word in text:
                    path.write_text(text.replace(word, f"{word}{i}"))
    return root


def _env(url: str) -> dict:
    return {**os.environ, "LODE_DB": url, "LODE_NO_DAEMON": "1"}


def _index(root: Path, url: str, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([*LODE, "index", str(root), "--workers", "1", "--json", *extra], env=_env(url),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _files(url: str, root: Path) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM files f JOIN workspaces w ON w.id = f.workspace_id"
                           " WHERE w.root = %s", (str(root),)).fetchone()
    return row[0]


def _consistent(url: str) -> int:
    """Every stored file that is not refused has its chunks, and every chunk its
    lexical-index row: no half-written file. Returns the number of chunks."""
    with psycopg.connect(url) as conn:
        empty = conn.execute("SELECT count(*) FROM files f WHERE refused IS NULL AND NOT EXISTS"
                             " (SELECT 1 FROM chunks c WHERE c.file_id = f.id)").fetchone()[0]
        chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        indexed = conn.execute("SELECT count(*) FROM fts_docs").fetchone()[0]
        totals = conn.execute("SELECT coalesce(sum(rows), 0) FROM fts_totals").fetchone()[0]
    assert empty == 0
    assert indexed == chunks == totals
    return chunks


def test_two_indexers_and_a_searching_client(pg_url, tmp_path):
    go = _tree(tmp_path / "go", "go", "reclaimVectors")
    py = _tree(tmp_path / "py", "python", "dispatch_request")
    with Service(pg_url) as svc:  # the workspaces exist before the race (their names are the folders')
        svc.add_workspace(str(go))
        svc.add_workspace(str(py))

    errors: list[BaseException] = []
    searches = [0]
    stop = threading.Event()

    def search_throughout():
        with Service(pg_url) as client:
            while not stop.is_set():
                try:
                    for query in ("reclaim vectors", "dispatch request", "ServeHTTP"):
                        hits = client.search(query, limit=5)["hits"]
                        # a hit is never a half-written file: its chunk has a path and lines
                        assert all(h["path"] and 1 <= h["line_start"] <= h["line_end"] for h in hits)
                    searches[0] += 1
                except BaseException as exc:  # noqa: BLE001 (reported below)
                    errors.append(exc)
                    return

    reader = threading.Thread(target=search_throughout)
    reader.start()
    try:
        one, two = _index(go, pg_url), _index(py, pg_url)
        # While the Go workspace is being indexed, a second indexer of it is refused.
        deadline = time.monotonic() + 120
        while _files(pg_url, go) == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert one.poll() is None, "the first indexer finished before a second could start"
        third = subprocess.run([*LODE, "index", str(go)], env=_env(pg_url), capture_output=True, text=True,
                               timeout=120)
        assert third.returncode == IndexerBusy.exit_code, third.stderr
        assert "being indexed by another lode process" in third.stderr
        outs = [p.communicate(timeout=600) for p in (one, two)]
    finally:
        stop.set()
        reader.join(timeout=120)
    assert one.returncode == 0 and two.returncode == 0, [o[1] for o in outs]
    assert not errors, errors
    assert searches[0] > 0
    stats = [json.loads(o[0]) for o in outs]
    assert stats[0]["files"] == stats[0]["indexed"] == _files(pg_url, go)
    assert stats[1]["files"] == stats[1]["indexed"] == _files(pg_url, py)
    _consistent(pg_url)

    with Service(pg_url) as svc:
        for ws, word, copies in ((go, "reclaimVectors", COPIES), (py, "dispatch_request", COPIES)):
            for i in (0, copies // 2, copies - 1):
                hits = svc.search(f"{word}{i}", workspace=str(ws), limit=3)["hits"]
                assert hits and hits[0]["path"].startswith(f"copy{i:03d}/"), (word, i, hits[:1])
        found = svc.definition(f"store.Store.reclaimVectors{COPIES - 1}", None, 10)
        assert [c["path"] for c in found["candidates"]] == [f"copy{COPIES - 1:03d}/store/reclaim.go"]
        # a second run of each is a no-op
        again = svc.index(str(go), workers=1, embed=False)
        assert again["unchanged"] == again["files"] == stats[0]["files"]


def test_a_second_indexer_of_a_workspace_is_refused(pg_url, tmp_path):
    root = tmp_path / "go"
    shutil.copytree(PROJECTS / "go", root)
    with Service(pg_url) as svc:
        svc.add_workspace(str(root))
        ws = svc.store.workspace(str(root))
        with svc.store.index_lock(ws):  # another process is indexing it
            with pytest.raises(IndexerBusy, match="being indexed by another lode process"):
                with Service(pg_url) as other:
                    other.index(str(root), workers=1, embed=False)
            out = subprocess.run([*LODE, "index", str(root)], env=_env(pg_url), capture_output=True, text=True,
                                 timeout=120)
            assert out.returncode == IndexerBusy.exit_code
            assert f"workspace '{ws.name}' is being indexed by another lode process" in out.stderr
            assert _files(pg_url, root) == 0  # the refused run wrote nothing
        # once the first is done, the workspace can be indexed again
        assert svc.index(str(root), workers=1, embed=False)["indexed"] > 0


def test_sigkill_mid_index_leaves_whole_batches_and_frees_the_lock(pg_url, tmp_path):
    root = _tree(tmp_path / "go", "go", "reclaimVectors", copies=400)
    proc = _index(root, pg_url, "--no-embed")
    deadline = time.monotonic() + 120
    written = 0
    while time.monotonic() < deadline and proc.poll() is None:
        written = _files(pg_url, root) if _has_tables(pg_url) else 0
        if written > 0:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "lode index finished before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)  # the index process and its workers
    proc.wait()
    _consistent(pg_url)

    # The server dropped the dead process's connection, and its advisory lock with it.
    done = subprocess.run([*LODE, "index", str(root), "--json", "--no-embed"], env=_env(pg_url),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    total = stats["files"]  # what the rules admit (go.mod is not read)
    assert 0 < written < total
    assert stats["unchanged"] >= written  # what the killed run committed is kept
    assert stats["unchanged"] + stats["indexed"] == total == _files(pg_url, root)
    assert _consistent(pg_url) > total


def _has_tables(url: str) -> bool:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT to_regclass('files') IS NOT NULL").fetchone()[0]


def test_indexing_every_workspace_skips_busy_and_elsewhere_ones(pg_url, tmp_path):
    """A server indexing the whole shared store at start: a workspace another process is
    indexing, and one whose root is on another machine, are skipped with the reason."""
    go, py = tmp_path / "go", tmp_path / "py"
    shutil.copytree(PROJECTS / "go", go)
    shutil.copytree(PROJECTS / "python", py)
    with Service(pg_url) as svc:
        for root in (go, py):
            svc.add_workspace(str(root))
        svc.store.add_workspace("elsewhere", "/srv/other-machine/app", {})
        with Service(pg_url) as other, other.store.index_lock(other.store.workspace(str(go))):
            runs = {r["workspace"]: r for r in svc.index(None, workers=1, embed=False)["workspaces"]}
    assert "being indexed by another lode process" in runs["go"]["skipped"]
    assert runs["elsewhere"]["skipped"] == "its root is not on this machine"
    assert runs["py"]["indexed"] > 0 and "skipped" not in runs["py"]
