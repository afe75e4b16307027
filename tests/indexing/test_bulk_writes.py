"""A large index run writes with a bigger SQLite page cache and rarer WAL checkpoints,
and puts the connection's settings back afterwards (the daemon keeps its connection);
into an empty store it builds the secondary indexes once, after the rows."""

from __future__ import annotations

from lode.service import Service


def test_large_run_restores_connection_settings(tmp_path):
    root = tmp_path / "proj"
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    for i in range(80):  # above the in-process threshold: the bulk path runs
        (pkg / f"f{i:02d}.go").write_text(
            f"package pkg\n\n// Func{i} does thing {i}.\nfunc Func{i}(x int) int {{\n\treturn x + {i}\n}}\n")
    with Service(tmp_path / "store.db") as svc:
        db = svc.store.db
        before = (db.execute("PRAGMA cache_size").fetchone()[0],
                  db.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        result = svc.index(str(root), embed=False, workers=2)
        after = (db.execute("PRAGMA cache_size").fetchone()[0],
                 db.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        assert result["indexed"] == 80
        assert after == before
        assert svc.definition("pkg.Func42")["candidates"][0]["path"] == "pkg/f42.go"


def _go_tree(root, files=80):
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    for i in range(files):
        (pkg / f"f{i:02d}.go").write_text(
            f"package pkg\n\nimport \"strings\"\n\n// Widget{i} holds a name.\ntype Widget{i} struct{{ name string }}\n\n"
            f"// Render{i} upper-cases the name of widget {i}.\nfunc (w *Widget{i}) Render{i}() string {{\n"
            f"\treturn strings.ToUpper(w.name)\n}}\n")
    return root


def _indexes(db) -> dict[str, str]:
    return dict(db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"))


def _rows(db, workspace: str) -> list[tuple]:
    """A workspace's chunks and symbols, without row ids (they differ between stores)."""
    ws = "(SELECT id FROM workspaces WHERE name = ?)"
    chunks = db.execute(
        "SELECT f.path, c.ord, c.line_start, c.line_end, c.kind, c.name, c.name_key, c.breadcrumb, c.embed_hash,"
        f" c.body_z FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.workspace_id = {ws}"
        " ORDER BY f.path, c.ord", (workspace,)).fetchall()
    symbols = db.execute(
        "SELECT f.path, s.rname, s.kind, s.line, s.col, s.detail FROM symbols s JOIN files f ON f.id = s.file_id"
        f" WHERE f.workspace_id = {ws} ORDER BY f.path, s.rowid", (workspace,)).fetchall()
    return chunks + symbols


def test_a_first_large_run_builds_secondary_indexes_after_its_rows(tmp_path, monkeypatch):
    from lode.store import deferred, hooks

    seen: list[set[str]] = []
    monkeypatch.setattr(hooks, "FILE_WRITERS", [*hooks.FILE_WRITERS, lambda db, file_id, rec: seen.append(
        {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")})])
    other = tmp_path / "other"
    (other / "util").mkdir(parents=True)
    (other / "util" / "strings.go").write_text("package util\n\n// Trim trims.\nfunc Trim(s string) string { return s }\n")

    with Service(tmp_path / "fresh.db") as fresh, Service(tmp_path / "used.db") as used:
        expected = _indexes(fresh.store.db)
        assert set(deferred.DEFERRABLE) <= set(expected)
        used.index(str(other), embed=False)           # a small run: no bulk path
        seen.clear()
        assert fresh.index(str(_go_tree(tmp_path / "a")), embed=False, workers=2)["indexed"] == 80
        # Into the empty store, every file was written without the secondary indexes ...
        assert len(seen) == 80 and all(not s & set(deferred.DEFERRABLE) for s in seen)
        # ... which exist again, as defined, once the run is over.
        assert _indexes(fresh.store.db) == expected
        assert fresh.store.db.execute("SELECT count(*) FROM deferred_indexes").fetchone()[0] == 0
        seen.clear()
        assert used.index(str(_go_tree(tmp_path / "b")), embed=False, workers=2)["indexed"] == 80
        assert len(seen) == 80 and all(set(deferred.DEFERRABLE) <= s for s in seen)  # not empty: kept
        # The same rows either way, and the same answers through the indexes.
        assert _rows(fresh.store.db, "a") == _rows(used.store.db, "b") != []
        for svc in (fresh, used):
            hit = svc.definition("pkg.Widget42.Render42")["candidates"][0]
            assert (hit["path"], hit["line"]) == ("pkg/f42.go", 9)
        plan = fresh.store.db.execute("EXPLAIN QUERY PLAN SELECT * FROM symbols WHERE rname = ?", ("x",)).fetchall()
        assert "symbols_rname" in plan[-1][-1]


def test_indexes_a_killed_load_left_unbuilt_are_built_by_the_next_run(tmp_path):
    """A run killed between deferring and building (os._exit: no finally runs) leaves
    the definitions recorded; the next index run builds them, even one with nothing to
    write."""
    import subprocess
    import sys

    from lode.store import Store, deferred

    db_path = tmp_path / "store.db"
    expected = _indexes(Store(db_path).db)
    script = ("import os, sys\nfrom lode.store import Store\nstore = Store(sys.argv[1])\n"
              "with store.bulk_writes():\n    os._exit(3)\n")
    assert subprocess.run([sys.executable, "-c", script, str(db_path)]).returncode == 3
    store = Store(db_path)
    left = {n for (n,) in store.db.execute("SELECT name FROM deferred_indexes")}
    assert left == set(deferred.DEFERRABLE) and not left & set(_indexes(store.db))
    store.close()
    with Service(db_path) as svc:
        (tmp_path / "empty").mkdir()
        assert svc.index(str(tmp_path / "empty"), embed=False)["indexed"] == 0  # nothing to write
        assert _indexes(svc.store.db) == expected
        assert svc.index(str(_go_tree(tmp_path / "a", files=5)), embed=False)["indexed"] == 5
        assert svc.definition("pkg.Widget3.Render3")["candidates"][0]["path"] == "pkg/f03.go"


def test_a_large_run_puts_the_lexical_index_settings_back(tmp_path, monkeypatch):
    """FTS5's write settings are the bulk ones during the run and the index's own after."""
    from lode.store import fts_rows

    given: list[list[tuple]] = []
    configure = fts_rows._configure
    monkeypatch.setattr(fts_rows, "_configure", lambda db, settings: (given.append(list(settings)),
                                                                     configure(db, settings))[1])
    root = _go_tree(tmp_path / "proj")
    with Service(tmp_path / "store.db") as svc:
        result = svc.index(str(root), embed=False, workers=2)
        config = dict(svc.store.db.execute("SELECT k, v FROM chunks_fts_config"))
        assert svc.definition("pkg.Widget42")["candidates"][0]["path"] == "pkg/f42.go"
    assert result["indexed"] == 80
    assert given == [list(fts_rows.BULK_SETTINGS), [("hashsize", 1024 * 1024), ("pgsz", 4050)]]
    assert (config["hashsize"], config["pgsz"]) == (1024 * 1024, 4050)
