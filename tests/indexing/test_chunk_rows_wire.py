"""Chunk rows cross from the index workers to the process writing the store as plain
tuples of ``lode.store.chunk_row.CHUNK_FIELDS``: pickle writes and reads a tuple
without calling Python code (a row object cost a call each way, ~2 µs a row on the
writer's side), and the store writes such rows as it writes rows made by name."""

from __future__ import annotations

import pickle

from lode.store import fts_rows
from lode.store.chunk_row import BODY, BODY_Z, CHUNK_FIELDS, ChunkRow
from lode.store.records import FileRecord
from lode.store.sqlite import Store
from lode.workspace.pipeline import Job, process_many

_GO = """package shapes

// Area of a rectangle, in square units.
func Area(width, height int) int {
\tscaledWidth := width * height
\treturn scaledWidth
}

// Perimeter walks the rectangle's edges.
func Perimeter(width, height int) int {
\treturn 2 * (width + height)
}
"""


def test_a_workers_chunk_rows_are_plain_tuples_of_the_fields_in_order(tmp_path):
    path = tmp_path / "shapes.go"
    path.write_text(_GO, encoding="utf-8")
    st = path.stat()
    (rec,), _ = process_many([Job(str(path), "shapes.go", "code", st.st_mtime_ns, st.st_size, "code")],
                             pack=fts_rows.pack, cpu_guard=False)
    assert len(rec.chunks) >= 2
    data = path.read_bytes()
    for row in rec.chunks:
        assert type(row) is tuple and len(row) == len(CHUNK_FIELDS)
        fields = dict(zip(CHUNK_FIELDS, row))
        assert fields["body"] == data[fields["byte_start"]:fields["byte_end"]].decode("utf-8")
        assert row[BODY_Z] == fts_rows.pack(row[BODY])  # the worker packed it
    assert any(dict(zip(CHUNK_FIELDS, r))["name"] == "Area" for r in rec.chunks)
    # nothing of a row class in what crosses to the writer
    blob = pickle.dumps(([rec], 0.0), protocol=pickle.HIGHEST_PROTOCOL)
    assert b"ChunkRow" not in blob
    assert pickle.loads(blob)[0][0].chunks == rec.chunks


def _stored(store: Store) -> tuple[list, list]:
    db = store.db
    chunks = db.execute("SELECT id, ord, byte_start, byte_end, line_start, line_end, kind, name, name_key,"
                        " breadcrumb, embed, embed_hash, body_z FROM chunks ORDER BY id").fetchall()
    hits = [db.execute("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid", (q,)).fetchall()
            for q in ("rectangle", "breadcrumb : area", "idents : scaled", "breadcrumb : shapes")]
    return chunks, hits


def test_plain_rows_and_rows_made_by_name_are_stored_alike(tmp_path):
    path = tmp_path / "shapes.go"
    path.write_text(_GO, encoding="utf-8")
    st = path.stat()
    (rec,), _ = process_many([Job(str(path), "shapes.go", "code", st.st_mtime_ns, st.st_size, "code")],
                             pack=fts_rows.pack)
    named = [ChunkRow(*row[:BODY_Z]) for row in rec.chunks]  # by name, no stored form: the store packs
    got = []
    for rows in (rec.chunks, named):
        with Store(tmp_path / f"{len(got)}.db") as store:
            ws = store.add_workspace("w", str(tmp_path), {})
            record = FileRecord("shapes.go", st.st_mtime_ns, st.st_size, hash="h", chunker="code",
                                language="go", tag="code", lines=12, chunks=list(rows))
            store.write_batch(ws.id, 1, [record])
            got.append(_stored(store))
    assert got[0] == got[1]
    chunks, hits = got[0]
    assert len(chunks) == len(rec.chunks) and all(hits)
