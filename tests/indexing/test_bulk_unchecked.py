"""A first index into a store without files writes with foreign keys unchecked (every
row it writes refers to a file row its batch has just written), and checks them again
after; the rows are those of a checked run, and a workspace removed by another process
meanwhile still fails the next batch, leaving no row that refers to nothing."""

from __future__ import annotations

import sqlite3

import pytest

from lode.service import Service
from lode.store import hooks
from lode.store.chunk_row import ChunkRow
from lode.store.records import FileRecord
from lode.store.sqlite import Store
from lode.workspace import indexer


def _tree(root, n: int):
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    for i in range(n):
        (pkg / f"f{i:02d}.go").write_text(
            f"package pkg\n\n// Scale{i} multiplies by {i}.\nfunc Scale{i}(x int) int {{\n\treturn x * {i}\n}}\n",
            encoding="utf-8")
    return root


def _checks_while_writing(monkeypatch) -> list[int]:
    seen: list[int] = []

    def note(db, file_id, record):
        seen.append(db.execute("PRAGMA foreign_keys").fetchone()[0])

    monkeypatch.setattr(hooks, "FILE_WRITERS", [*hooks.FILE_WRITERS, note])
    return seen


def _rows(db, workspace_id: int) -> list:
    """A workspace's chunks, symbols and lexical matches, by path (ids differ by store)."""
    return [db.execute("SELECT f.path, c.ord, c.kind, c.name, c.breadcrumb, c.body_z FROM chunks c"
                       " JOIN files f ON f.id = c.file_id WHERE f.workspace_id = ? ORDER BY f.path, c.ord",
                       (workspace_id,)).fetchall(),
            db.execute("SELECT f.path, s.rname, s.kind, s.line, s.col FROM symbols s JOIN files f ON f.id = s.file_id"
                       " WHERE f.workspace_id = ? ORDER BY f.path, s.rname", (workspace_id,)).fetchall(),
            db.execute("SELECT f.path, c.ord FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
                       " JOIN files f ON f.id = c.file_id WHERE chunks_fts MATCH 'multiplies'"
                       " AND f.workspace_id = ? ORDER BY f.path, c.ord", (workspace_id,)).fetchall()]


def test_a_first_index_writes_unchecked_and_checks_again_after(tmp_path, monkeypatch):
    n = indexer.INLINE_BELOW + 4  # a bulk run
    root = _tree(tmp_path / "proj", n)
    seen = _checks_while_writing(monkeypatch)
    with Service(tmp_path / "fresh.db") as svc:
        assert svc.index(str(root), embed=False, workers=1)["indexed"] == n
        assert svc.store.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert svc.store.db.execute("PRAGMA foreign_key_check").fetchall() == []
        fresh = _rows(svc.store.db, svc.store.workspace(str(root)).id)
    assert seen and set(seen) == {0}
    assert len(fresh[0]) >= n and len(fresh[1]) >= n and len(fresh[2]) == n

    # a store that has files already checks them throughout, and ends with the same rows
    with Service(tmp_path / "checked.db") as svc:
        svc.index(str(_tree(tmp_path / "other", 1)), embed=False, workers=1)
        seen.clear()
        svc.index(str(root), embed=False, workers=1)
        checked = _rows(svc.store.db, svc.store.workspace(str(root)).id)
    assert seen and set(seen) == {1}
    assert checked == fresh


def test_a_workspace_removed_meanwhile_fails_the_next_batch(tmp_path):
    path = tmp_path / "s.db"
    row = ChunkRow(0, 0, 20, 1, 2, "function", "Scale", "scale", "a.go › func Scale", None, None,
                   "func Scale() int {}", "", "a go func scale")
    with Store(path) as store:
        ws = store.add_workspace("w", str(tmp_path), {})
        with pytest.raises(sqlite3.IntegrityError):
            with store.bulk_writes():
                assert store.db.execute("PRAGMA foreign_keys").fetchone()[0] == 0
                store.write_batch(ws.id, 1, [FileRecord("a.go", 1, 20, hash="h", chunker="code",
                                                        language="go", tag="code", lines=2, chunks=[row])])
                other = sqlite3.connect(path)
                other.execute("PRAGMA foreign_keys = ON")
                with other:
                    other.execute("DELETE FROM workspaces WHERE id = ?", (ws.id,))  # its rows cascade
                other.close()
                store.write_batch(ws.id, 1, [FileRecord("b.go", 1, 20, hash="h", chunker="code",
                                                        language="go", tag="code", lines=2, chunks=[row])])
        db = store.db
        assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        assert db.execute("SELECT count(*) FROM files").fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM chunks").fetchone()[0] == 0
