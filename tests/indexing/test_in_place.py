"""A changed file is updated in place (lode/store/replace.py): it keeps its row and the
ids of its chunks, and only rows whose values differ are written. Whatever the edit,
the store must then hold exactly what a fresh index of the same tree holds: every
table, the lexical index's postings, the symbol tables."""

from __future__ import annotations

import shutil
from pathlib import Path

from lode.service import Service
from lode.store.replace import ID_SLACK

PROJECTS = Path(__file__).parent / "projects"
# Values that differ between two stores of the same tree: when things were written,
# and in which run (an edited store's changed files carry a later generation).
VOLATILE = {("workspaces", "indexed_at"), ("workspaces", "index_seconds"), ("workspaces", "created_at"),
            ("workspaces", "generation"), ("workspaces", "changes"), ("migrations", "applied_at"),
            ("files", "mtime_ns"), ("files", "ctime_ns"), ("files", "generation")}


def _dump(store) -> dict:
    """Every row of every table, ids spelled as what they name (a file id as its path, a
    chunk id as (path, ord)), and the lexical index's postings."""
    con = store.db
    path_of = dict(con.execute("SELECT id, path FROM files"))
    chunk_of = {i: (path_of[f], o) for i, f, o in con.execute("SELECT id, file_id, ord FROM chunks")}
    virtual = [n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")]
    found = {}
    for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        if any(t == v or t.startswith(v + "_") for v in virtual):
            continue
        cols = [r[1] for r in con.execute(f'PRAGMA table_info("{t}")') if (t, r[1]) not in VOLATILE]
        rows = []
        for r in con.execute(f'SELECT {", ".join(chr(34) + c + chr(34) for c in cols)} FROM "{t}"'):
            row = dict(zip(cols, r))
            if "file_id" in row:
                row["file_id"] = path_of[row["file_id"]]
            if t == "files":
                row["id"] = row["path"]
            if t == "chunks":
                row["id"] = chunk_of[row["id"]]
            rows.append(repr(sorted(row.items())))
        found[t] = sorted(rows)
    con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.postings USING fts5vocab(main, chunks_fts, 'instance')")
    found["postings"] = sorted((term, chunk_of[doc], col, offset)
                               for term, doc, col, offset in con.execute("SELECT * FROM temp.postings"))
    # each file's chunks have consecutive ids in ord order (searches rely on it)
    runs: dict[int, list[int]] = {}
    for i, f in con.execute("SELECT id, file_id FROM chunks ORDER BY file_id, ord"):
        runs.setdefault(f, []).append(i)
    found["broken runs"] = [f for f, ids in runs.items() if ids != list(range(ids[0], ids[0] + len(ids)))]
    return found


def _ids(store, path: str) -> tuple[int, list[int]]:
    file_id = store.db.execute("SELECT id FROM files WHERE path = ?", (path,)).fetchone()[0]
    return file_id, [i for (i,) in store.db.execute("SELECT id FROM chunks WHERE file_id = ? ORDER BY ord",
                                                   (file_id,))]


def _replace(p: Path, old: str, new: str) -> None:
    text = p.read_text()
    assert old in text, (p, old)
    p.write_text(text.replace(old, new, 1))


def test_edited_files_are_updated_in_place_to_what_a_fresh_index_holds(tmp_path):
    root = tmp_path / "ws"
    for name in ("go", "python"):
        shutil.copytree(PROJECTS / name, root / name)
    edited = Service(tmp_path / "edited.db")
    edited.index(str(root), embed=False)
    store = edited.store
    before = {p: _ids(store, p) for p in ("go/server/routes.go", "go/server/http.go", "go/store/reclaim.go",
                                          "python/rpcd/server.py", "python/rpcd/errors.py")}

    go = root / "go"
    # a comment appended: no chunk's text or symbol changes, but the last chunk grows
    with open(go / "server" / "routes.go", "a") as f:
        f.write("\n// edited: nothing here changes a declaration\n")
    # one body changed, the other declarations untouched
    _replace(go / "server" / "http.go", "func NewHandler(max int) *Handler {",
             "func NewHandler(max int) *Handler {\n\tmax = max + 1")
    # a rename, and every line below the top moved down: chunks move, most texts stay
    _replace(go / "store" / "reclaim.go", "sweep", "sweepBatch")
    (go / "store" / "reclaim.go").write_text("// Package store keeps vectors.\n" + (go / "store" / "reclaim.go").read_text())
    # a declaration added, and one removed
    with open(root / "python" / "rpcd" / "server.py", "a") as f:
        f.write("\n\ndef drain(queue):\n    \"\"\"Empty the queue, returning what it held.\"\"\"\n"
                "    items = list(queue)\n    queue.clear()\n    return items\n")
    _replace(root / "python" / "rpcd" / "errors.py", "class MethodNotFound(RpcError):\n    code = -32601\n", "")
    # a file deleted
    (go / "README.md").unlink()
    stats = edited.index(str(root), embed=False)
    assert stats["deleted"] == 1 and stats["indexed"] == 5

    # The in-place path was taken: the changed files kept their rows and their chunks'
    # ids (a file that gained a chunk took the free id after its own).
    after = {p: _ids(store, p) for p in before}
    for p in before:
        assert after[p][0] == before[p][0], p
        kept = min(len(before[p][1]), len(after[p][1]))
        assert after[p][1][:kept] == before[p][1][:kept], p
    assert len(after["go/server/routes.go"][1]) > len(before["go/server/routes.go"][1])

    fresh = Service(tmp_path / "fresh.db")
    fresh.index(str(root), embed=False)
    got, want = _dump(store), _dump(fresh.store)
    assert got.keys() == want.keys()
    for table in want:
        assert got[table] == want[table], table
    assert want["broken runs"] == [] and want["postings"] and want["symbols"]

    # And back: every file as it was, the same as a fresh index of the original tree.
    shutil.rmtree(root)
    for name in ("go", "python"):
        shutil.copytree(PROJECTS / name, root / name)
    edited.index(str(root), embed=False)
    original = Service(tmp_path / "original.db")
    original.index(str(root), embed=False)
    assert _dump(store) == _dump(original.store)
    for svc in (edited, fresh, original):
        svc.close()


def test_a_file_that_gains_chunks_behind_others_moves_to_new_ids(tmp_path):
    # The chunks of a file that grows by more than the free ids after its own (the next
    # file's follow) move to the end of the table, their ids consecutive again.
    root = tmp_path / "ws"
    shutil.copytree(PROJECTS / "go", root)
    svc = Service(tmp_path / "s.db")
    svc.index(str(root), embed=False)
    store = svc.store
    last = store.db.execute("SELECT max(id) FROM chunks").fetchone()[0]
    first_file = store.db.execute("SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id"
                                  " WHERE f.path LIKE '%.go' ORDER BY c.id LIMIT 1").fetchone()[0]
    target = root / first_file
    target.write_text(target.read_text() + "".join(
        f"\n\n// extraHelper{i} doubles n.\nfunc extraHelper{i}(n int) int {{\n\treturn n * {i}\n}}\n"
        for i in range(ID_SLACK + 2)))
    svc.index(str(root), embed=False)
    _, ids = _ids(store, first_file)
    assert ids[0] > last
    fresh = Service(tmp_path / "fresh.db")
    fresh.index(str(root), embed=False)
    assert _dump(store) == _dump(fresh.store)
    svc.close()
    fresh.close()


def test_a_file_refused_after_an_edit_loses_its_chunks_and_symbols(tmp_path):
    root = tmp_path / "ws"
    shutil.copytree(PROJECTS / "go", root)
    svc = Service(tmp_path / "s.db")
    svc.index(str(root), embed=False)
    (root / "server" / "http.go").write_bytes(b"package server\n\x00\x01\x02 binary now\n" * 50)
    svc.index(str(root), embed=False)
    fresh = Service(tmp_path / "fresh.db")
    fresh.index(str(root), embed=False)
    assert _dump(svc.store) == _dump(fresh.store)
    file_id = svc.store.db.execute("SELECT id, refused FROM files WHERE path = 'server/http.go'").fetchone()
    assert file_id[1]  # refused, with a reason
    assert svc.store.db.execute(
        "SELECT count(*) FROM symbols WHERE file_id = ?", (file_id[0],)).fetchone()[0] == 0
    svc.close()
    fresh.close()


def _chunk_vectors(store) -> list[tuple]:
    """(path, ord, model, vector) of every chunk that has one."""
    return sorted(store.db.execute(
        "SELECT f.path, c.ord, v.model, v.vec FROM chunks c JOIN files f ON f.id = c.file_id"
        " JOIN vectors v ON v.hash = c.embed_hash"))


def test_chunks_updated_in_place_have_the_vectors_of_a_fresh_index(tmp_path):
    root = tmp_path / "ws"
    shutil.copytree(PROJECTS / "go", root)
    edited = Service(tmp_path / "edited.db")
    edited.index(str(root))
    # a documentation comment changed: that chunk's embedded text is new
    _replace(root / "server" / "http.go", "// NewHandler returns a Handler", "// NewHandler makes a Handler")
    with open(root / "server" / "routes.go", "a") as f:
        f.write("\n// Routes is called once at start.\n")
    run = edited.index(str(root))
    assert run["embedding"]["embedded"] >= 1  # the changed body's text was new
    fresh = Service(tmp_path / "fresh.db")
    fresh.index(str(root))
    got, want = _chunk_vectors(edited.store), _chunk_vectors(fresh.store)
    assert got == want and len(want) == fresh.store.db.execute(
        "SELECT count(*) FROM chunks WHERE embed_hash IS NOT NULL").fetchone()[0]
    edited.close()
    fresh.close()
