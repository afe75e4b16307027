"""The SQLite lexical index keeps no text (lode/store/fts_rows.py): a chunk's text is
stored once, compressed, and an FTS row is removed by indexing its values again. These
tests hold the index to what a fresh index of the same files gives, through edits,
removals, the migration from the schema that kept the text in FTS5, and a change of
how rows are derived."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from lode.search import lexical
from lode.search.query import parse
from lode.service import Service
from lode.store import Store, fts_rows, tokens
from lode.store.chunks import ChunkFilter
from lode.store.schema import FTS_TOKENIZER

PROJECTS = Path(__file__).parent / "projects"
QUERIES = ["serve http", "reclaim vectors", "ring buffer push", "debounce", "price total cart",
           "café ünïcode", "area of a shape", "error codes", "HTTPServer", "policy"]

# Non-ASCII text and identifiers, so compression, tokens and substring scans meet them.
UNICODE_GO = """package store

// Café naïve façade: prices in € and ¥, a 🚀 rocket, and Ünïcode identifiers.
func (s *Store) CaféTotal(ünits []int) int {
	total := 0
	for _, u := range ünits {
		total += u
	}
	return total // ümlaut ending
}
"""


def _vocabulary(store) -> list[tuple]:
    """Every (term, column, rows holding it, occurrences) of the lexical index."""
    store.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_col USING fts5vocab(main, chunks_fts, 'col')")
    return store.db.execute("SELECT term, col, doc, cnt FROM temp.fts_col ORDER BY term, col").fetchall()


def _hits(svc: Service) -> list:
    """Each query's hits, all but the generation that wrote them (edits bump it)."""
    return [[{k: v for k, v in h.items() if k != "generation"}
             for h in svc.search(q, mode="lexical", limit=10)["hits"]] for q in QUERIES]


def _ids(store) -> list[int]:
    return [i for ws in store.workspaces() for i, _, _ in store.chunks.of_workspace(ws.id)]


@pytest.fixture
def trees(tmp_path):
    """Two workspace roots: every fixture project in one, the Go project in the other."""
    root = tmp_path / "ws" / "all"
    for p in sorted(PROJECTS.iterdir()):
        shutil.copytree(p, root / p.name)
    other = tmp_path / "ws" / "other"
    shutil.copytree(PROJECTS / "go", other)
    return root, other


def _edit(root: Path) -> None:
    """Change, add and remove files the way a working day does."""
    http = root / "go" / "server" / "http.go"
    http.write_text(http.read_text() + "\n// compactHTTPBuffers trims idle buffers.\n"
                    "func compactHTTPBuffers(limit int) int { return limit / 2 }\n")
    lib = root / "rust" / "src" / "geometry.rs"
    lib.write_text(lib.read_text().replace("area", "surface_area"))
    (root / "go" / "store" / "unicode.go").write_text(UNICODE_GO)
    (root / "javascript" / "lib" / "debounce.js").unlink()
    # A name that is not UTF-8: the store keeps its texts scrubbed (\xe9 spelled out),
    # which gives the breadcrumb identifier parts the worker did not see (xe9 total).
    os.makedirs(os.fsencode(root / "go" / "store"), exist_ok=True)
    with open(os.fsencode(root / "go" / "store") + b"/caf\xe9Total_ring.go", "w") as f:
        f.write("package store\n\nfunc ringTotal(xs []int) int { return len(xs) }\n")
    (root / "python" / "rpcd" / "errors.py").unlink()


def _index(location: Path, *roots: Path) -> Service:
    svc = Service(location)
    for r in roots:
        svc.index(str(r), embed=False)
    return svc


def test_an_edited_store_holds_exactly_the_index_a_fresh_one_does(tmp_path, trees):
    root, other = trees
    edited = _index(tmp_path / "edited.db", root, other)
    _edit(root)
    edited.index("all", embed=False)
    fresh = _index(tmp_path / "fresh.db", root, other)
    assert _vocabulary(edited.store) == _vocabulary(fresh.store) != []
    assert _hits(edited) == _hits(fresh)

    # Removing a workspace beside another removes its rows one by one...
    edited.remove_workspace("other")
    alone = _index(tmp_path / "alone.db", root)
    assert _vocabulary(edited.store) == _vocabulary(alone.store)
    assert _hits(edited) == _hits(alone)
    # ... and removing every file leaves nothing behind: no stray term, no stray row.
    for p in list(root.rglob("*")):
        if p.is_file():
            p.unlink()
    edited.index("all", embed=False)
    assert _vocabulary(edited.store) == []
    assert edited.store.db.execute("SELECT count(*) FROM chunks_fts").fetchone()[0] == 0
    for svc in (edited, fresh, alone):
        svc.close()


COMMON_QUERIES = ["return the error when the handler fails to serve the request",
                  "push a value into the ring buffer and return the total", "func error string return"]


def test_a_reindexed_store_drops_the_common_words_a_fresh_one_does(tmp_path, trees, monkeypatch):
    # Which query words are too common to search for is a share of the chunks indexed:
    # a store whose files were re-indexed (new row ids each time) must count its rows,
    # not read its highest id, or it answers differently from a fresh index.
    monkeypatch.setattr(lexical, "COMMON_MIN_CHUNKS", 1)  # the fixtures are small
    root, _ = trees
    edited = _index(tmp_path / "edited.db", root)
    files = [p for p in sorted(root.rglob("*")) if p.is_file() and p.suffix in (".go", ".py", ".rs", ".ts", ".js")]
    texts = {p: p.read_bytes() for p in files}
    for _ in range(2):  # every file changed and changed back
        for p in files:
            p.write_bytes(texts[p] + b"\n")
        edited.index("all", embed=False)
        for p in files:
            p.write_bytes(texts[p])
        edited.index("all", embed=False)
    fresh = _index(tmp_path / "fresh.db", root)
    rows = fresh.store.db.execute("SELECT count(*) FROM chunks").fetchone()[0]
    # (files updated in place keep their chunk ids, lode.store.replace; free ids are
    # left after each file's, so the highest id is still not the count)
    assert edited.store.db.execute("SELECT max(id) FROM chunks").fetchone()[0] > rows
    assert edited.store.fts.size() == fresh.store.fts.size() == rows
    dropped = 0
    for text in COMMON_QUERIES:
        (a, info), (b, _) = lexical.choose_terms(edited.store, parse(text)), lexical.choose_terms(fresh.store, parse(text))
        assert [t.key for t in a] == [t.key for t in b], text
        dropped += len(info.get("dropped_common", []))
    assert dropped  # the queries did meet the common-word rule
    assert _hits(edited) == _hits(fresh)
    edited.close()
    fresh.close()


def test_removing_the_only_workspace_empties_the_index(tmp_path, trees):
    root, _ = trees
    svc = _index(tmp_path / "s.db", root)
    assert _vocabulary(svc.store)
    svc.remove_workspace("all")
    assert _vocabulary(svc.store) == []
    svc.close()


def test_bodies_are_the_files_text(tmp_path, trees):
    root, _ = trees
    _edit(root)
    svc = _index(tmp_path / "s.db", root)
    store = svc.store
    ids = _ids(store)
    bodies = store.fts.bodies(ids)
    rows = store.chunks.rows(ids)
    assert len(bodies) == len(ids) > 40
    for i in ids:
        r = rows[i]
        if r["path"].endswith((".html", ".docx")) or "\\x" in r["path"]:
            continue  # Markdown derived from the file; a name stored scrubbed
        data = (root / r["path"]).read_bytes()
        assert bodies[i] == data[r["byte_start"]:r["byte_end"]].decode("utf-8", "replace"), r["path"]
    assert any("🚀" in b for b in bodies.values())
    # The texts are stored compressed: less than the bytes they hold.
    stored = store.db.execute("SELECT sum(length(body_z)) FROM chunks").fetchone()[0]
    assert stored < sum(len(b.encode()) for b in bodies.values())
    svc.close()


@pytest.mark.parametrize("needle", [":=", "func (", "ServeHTTP", "servehttp", "SERVEHTTP", "café", "CAFÉ",
                                    "🚀", "100%", "a_b", "\\", "no such text anywhere"])
def test_a_substring_scan_finds_what_like_does_in_the_same_order(tmp_path, trees, needle):
    root, other = trees
    _edit(root)
    svc = _index(tmp_path / "s.db", root, other)
    store = svc.store
    like = sqlite3.connect(":memory:")
    pattern = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    ws = [w.id for w in store.workspaces()]
    bodies = store.fts.bodies(_ids(store))
    rows = store.chunks.rows(list(bodies))
    order = sorted(bodies, key=lambda i: (rows[i]["workspace_id"], rows[i]["path"], i))
    expected = [i for i in order if like.execute("SELECT ? LIKE ? ESCAPE '\\'", (bodies[i], pattern)).fetchone()[0]]
    assert store.fts.containing(needle, store.fts.scope(ws, ChunkFilter()), 10_000) == expected
    assert store.fts.containing(needle, store.fts.scope(ws, ChunkFilter()), 3) == expected[:3]
    code = store.fts.scope(ws[:1], ChunkFilter(tags=("code",)))
    assert store.fts.containing(needle, code, 10_000) == [
        i for i in expected if rows[i]["workspace_id"] == ws[0] and rows[i]["tag"] == "code"]
    if needle in ("ServeHTTP", "café"):
        assert expected  # the needles that must be found are
    svc.close()


def _as_previous_schema(path: Path) -> None:
    """Turn a store into the layout before 0006_fts_contentless, rows and all: the text
    in the FTS5 table (which kept it), none in chunks."""
    db = sqlite3.connect(path, isolation_level=None)
    rows = [fts_rows.row(i, fts_rows.unpack(z), name, crumb, ws) for i, z, name, crumb, ws in db.execute(
        "SELECT c.id, c.body_z, c.name, c.breadcrumb, f.workspace_id FROM chunks c JOIN files f ON f.id = c.file_id")]
    db.execute("BEGIN")
    db.execute("DROP TABLE chunks_fts")
    db.execute("DROP TABLE fts_state")
    db.execute(f'CREATE VIRTUAL TABLE chunks_fts USING fts5(body, breadcrumb, idents, tokenize = "{FTS_TOKENIZER}")')
    db.executemany("INSERT INTO chunks_fts (rowid, body, breadcrumb, idents) VALUES (?, ?, ?, ?)", rows)
    db.execute("ALTER TABLE chunks DROP COLUMN body_z")
    db.execute("DELETE FROM migrations WHERE name = '0006_fts_contentless'")
    db.execute("COMMIT")
    db.close()


def test_the_migration_moves_the_text_out_of_the_index_in_place(tmp_path, trees):
    root, other = trees
    _edit(root)
    new = _index(tmp_path / "new.db", root, other)
    new.close()
    old_path = tmp_path / "old.db"
    shutil.copy(tmp_path / "new.db", old_path)
    _as_previous_schema(old_path)
    old = sqlite3.connect(old_path)
    assert old.execute("SELECT count(*) FROM chunks_fts WHERE body LIKE '%CaféTotal%'").fetchone()[0] == 1
    old.close()

    migrated = Service(old_path)
    assert "0006_fts_contentless" in migrated.store.migrated
    new = Service(tmp_path / "new.db")
    assert _vocabulary(migrated.store) == _vocabulary(new.store) != []
    assert migrated.store.fts.bodies(_ids(migrated.store)) == new.store.fts.bodies(_ids(new.store))
    assert _hits(migrated) == _hits(new)
    tables = {n for (n,) in migrated.store.db.execute("SELECT name FROM sqlite_master")}
    assert "chunks_fts_content" not in tables
    # Rows the migration wrote are removed like any other: edit and compare again.
    (root / "go" / "store" / "unicode.go").write_text(UNICODE_GO.replace("CaféTotal", "CaféSum"))
    for svc in (migrated, new):
        svc.index("all", embed=False)
    assert _vocabulary(migrated.store) == _vocabulary(new.store)
    assert _hits(migrated) == _hits(new)
    migrated.close()
    new.close()


def test_a_new_derivation_rebuilds_the_index_when_the_store_opens(tmp_path, trees, monkeypatch):
    root, _ = trees
    _edit(root)
    _index(tmp_path / "s.db", root).close()
    # A new derivation: digits become parts of their own (utf8Decode → utf 8 decode).
    monkeypatch.setattr(tokens, "_PART", __import__("re").compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+"))
    monkeypatch.setattr(tokens, "_split_cache", type(tokens._split_cache)())
    monkeypatch.setattr(fts_rows, "DERIVATION", fts_rows.DERIVATION + 1)
    reopened = Service(tmp_path / "s.db")
    assert fts_rows.recorded(reopened.store.db) == str(fts_rows.DERIVATION)
    fresh = _index(tmp_path / "fresh.db", root)
    assert _vocabulary(reopened.store) == _vocabulary(fresh.store)
    # ... and rows made under it are removed under it.
    (root / "zig" / "src" / "ring_buffer.zig").unlink()
    for svc in (reopened, fresh):
        svc.index("all", embed=False)
    assert _vocabulary(reopened.store) == _vocabulary(fresh.store)
    reopened.close()
    fresh.close()


# What fts_rows.row gives for fixed texts, per DERIVATION. A change of tokens.py or of
# row() that changes these values must bump DERIVATION (stores then rebuild their index
# when opened) and record the new digest here.
PINNED = {1: "d751910150d64550a527bb54f7126aa3127f5d58a6ac6b04f5405a40ab8c4bc8"}
SAMPLES = [
    ("func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {\n\tutf8Decode(r.URL)\n}", "ServeHTTP",
     "server/http.go › func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request)"),
    ("class HTTPServer(BaseServer):\n    def handle_request_v2(self):\n        return sha256Sum(self._raw_bytes)",
     "HTTPServer", "rpcd/server.py › class HTTPServer"),
    ("pub fn surface_area(&self) -> f64 { self.radius * self.radius * PI }", "surface_area",
     "src/geometry.rs › impl Shape for Circle › fn surface_area"),
    (UNICODE_GO, "CaféTotal", "store/unicode.go › func (s *Store) CaféTotal(ünits []int) int"),
    ("## Reclaiming vectors\n\nThe `store` package reclaims vectors no workspace uses.", None,
     "README.md › shop › Reclaiming vectors"),
]


def test_the_rows_derivation_is_pinned_to_its_version():
    rows = [fts_rows.row(n, body, name, crumb, 7) for n, (body, name, crumb) in enumerate(SAMPLES)]
    digest = hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode()).hexdigest()
    assert PINNED.get(fts_rows.DERIVATION) == digest, (
        "the lexical index's rows changed: bump fts_rows.DERIVATION and pin the new digest", digest)


def test_opening_a_current_store_rebuilds_nothing(tmp_path, trees):
    root, _ = trees
    _index(tmp_path / "s.db", root).close()
    store = Store(tmp_path / "s.db")
    assert store.migrated == [] and fts_rows.keep_current(store.db) == 0
    store.close()
