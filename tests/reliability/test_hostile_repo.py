"""The hostile repository through ``lode index`` (a real process) and the store: the run
finishes, ordinary files are searchable, every entry not read is listed with its
reason, nothing from outside the workspace is stored, a re-run is a no-op, and two runs
over the same bytes store the same chunks."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import threading

import pytest

import hostile
from daemon import LODE
from lode.store import Store


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    h = hostile.build(base)
    db = str(base / "store.db")
    run = subprocess.run([*LODE, "index", str(h.root), "--db", db, "--no-embed", "--json"],
                         capture_output=True, text=True, timeout=300)
    yield h, db, run
    h.close()


def _lode(db: str, *args: str) -> dict:
    out = subprocess.run([*LODE, *args, "--db", db, "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout) if out.stdout.strip() else {}


def test_index_run_finishes(indexed):
    h, db, run = indexed
    assert run.returncode == 0, run.stderr
    stats = json.loads(run.stdout)
    assert stats["indexed"] >= len(h.indexed) - 1  # the inside link and its target are two files


def test_every_ordinary_file_is_searchable(indexed):
    h, db, _ = indexed
    from lode.service import Service
    from lode.store.paths import to_store

    with Service(db) as svc:
        for rel, word in h.indexed.items():
            paths = [hit["path"] for hit in svc.search(word, limit=20)["hits"]]
            assert to_store(rel)[0] in paths, (rel, word, paths[:3])


def test_every_entry_not_read_is_listed_with_its_reason(indexed):
    h, db, _ = indexed
    status = _lode(db, "status")["workspaces"][0]
    refused = {r["path"]: r["reason"] for r in status["refused"]}
    for rel, word in h.refused.items():
        assert rel in refused and word.lower() in refused[rel].lower(), (rel, refused.get(rel))


def test_nothing_from_outside_is_stored(indexed):
    h, db, _ = indexed
    with Store(db) as store:
        ids = [i for ws in store.workspaces() for i, _, _ in store.chunks.of_workspace(ws.id)]
        bodies = store.fts.bodies(ids)
    assert ids and len(bodies) == len(ids)
    assert not [t for t in bodies.values() if hostile.SECRET.lower() in t.lower()]
    with sqlite3.connect(db) as conn:
        paths = [p for (p,) in conn.execute("SELECT path FROM files WHERE refused IS NULL")]
    assert not [p for p in paths if "leak" in p or p.startswith("linked_dir")]


def test_rerun_is_a_no_op(indexed):
    h, db, _ = indexed
    before = _lode(db, "status")["workspaces"][0]["generation"]
    rerun = subprocess.run([*LODE, "index", str(h.root), "--db", db, "--no-embed", "--json"],
                           capture_output=True, text=True, timeout=300)
    stats = json.loads(rerun.stdout)
    assert stats["indexed"] == 0 and stats["refused"] == 0 and stats["deleted"] == 0
    assert stats["generation"] == before


def test_same_bytes_give_the_same_chunks(indexed, tmp_path):
    h, db, _ = indexed
    other = str(tmp_path / "again.db")
    subprocess.run([*LODE, "index", str(h.root), "--db", other, "--no-embed", "--workers", "1"],
                   capture_output=True, timeout=300, check=True)

    def chunks(path: str) -> list:
        with sqlite3.connect(path) as conn:
            return conn.execute(
                "SELECT f.path, f.raw_path, c.ord, c.byte_start, c.byte_end, c.kind, c.name, c.breadcrumb,"
                " c.embed FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path, c.ord").fetchall()

    first, second = chunks(db), chunks(other)
    assert first and first == second


def test_fifo_and_socket_never_opened_by_doc_read(indexed):
    h, db, _ = indexed
    from lode.errors import FileRefused
    from lode.workspace import documents

    root = documents.Root("repo", os.path.realpath(h.root))
    outcome = {}

    def read_all() -> None:
        for rel in ("src/pipe.md", "src/pipe.py", "src/sock.md"):
            try:
                documents.read(root, rel)
                outcome[rel] = "read"
            except FileRefused:
                outcome[rel] = "refused"

    # On a thread: an open() of a FIFO that blocks must fail this test, not hang it.
    t = threading.Thread(target=read_all, daemon=True)
    t.start()
    t.join(10)
    assert outcome == {"src/pipe.md": "refused", "src/pipe.py": "refused", "src/sock.md": "refused"}
