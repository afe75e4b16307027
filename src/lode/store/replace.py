"""Replacing a changed file's rows in place (the SQLite store's ``write_batch``).

A file edited and indexed again mostly comes back with the same chunks and symbols
(a comment appended, one body changed). Deleting its file row (every chunk, lexical
row and symbol row cascading) and inserting it all again cost a 100-file re-index of
Go's tree most of its writing; here the file keeps its id, and only rows whose values
differ are written:

- ``files``: the row is updated, with the values a new row would get (no hold, no retry);
- ``chunks``: the new chunks take the old ids in ``ord`` order, so a file's chunks keep
  consecutive ids (searches rely on it, :meth:`~.chunks.ChunkReads.continuations`); a
  chunk whose columns are all equal is left alone, another is updated, and old ids past
  the new count are deleted. A file with more chunks than before needs a new run of ids
  unless its run is the last in the table: then the caller replaces it whole;
- ``chunks_fts``: a row is a function of the chunk's text, name and breadcrumb (and the
  workspace, unchanged): it is deleted and inserted again only when one of them changed
  (a chunk that only moved keeps its row);
- the symbol tables: :func:`replace_rows` writes the difference of each table's rows.

Vectors are keyed by the embedded text's hash (``chunks.embed_hash``), so an unchanged
chunk keeps its vector and a changed one finds one if the same text has one.
"""

from __future__ import annotations

import sqlite3
from collections import Counter

from . import fts_rows
from .chunk_row import BODY, BODY_Z, BREADCRUMB, IDENTS, LABELS, NAME, STORED

# Ids left free after the chunks of each file written anew, so that the file can gain a
# chunk or two later (a comment appended at its end, a declaration added) and keep
# consecutive ids in place, instead of moving every chunk and lexical row to new ids.
ID_SLACK = 2

# The chunk columns a row sets, in its order (id and file_id apart): its stored fields
# (lode.store.chunk_row), then the stored form of its text.
_CHUNK_COLUMNS = ("ord", "byte_start", "byte_end", "line_start", "line_end", "kind", "name",
                  "name_key", "breadcrumb", "embed", "embed_hash", "body_z")
_UPDATE_CHUNK = f"UPDATE chunks SET {', '.join(c + ' = ?' for c in _CHUNK_COLUMNS)} WHERE id = ?"


def _values(c: tuple) -> tuple:
    return (*c[:STORED], c[BODY_Z] if c[BODY_Z] is not None else fts_rows.pack(c[BODY]))


def replace_chunks(db: sqlite3.Connection, file_id: int, workspace_id: int, chunks: list,
                   next_id: int) -> int:
    """Make ``file_id``'s chunks (and their lexical rows) those of ``chunks`` (rows,
    :mod:`.chunk_row`, whose ``idents`` and ``labels`` were derived as
    :func:`.fts_rows.row` derives them);
    ``next_id``: the first id no chunk has. Returns how many ids from ``next_id`` on it
    took (the caller leaves :data:`ID_SLACK` more free after a file it moved there)."""
    old = db.execute(f"SELECT id, {', '.join(_CHUNK_COLUMNS)} FROM chunks WHERE file_id = ? ORDER BY ord",
                     (file_id,)).fetchall()
    ids = [r[0] for r in old]
    more = len(chunks) - len(ids)
    taken = 0
    if more > 0:
        if not ids or ids[-1] == next_id - 1:  # the table's last run: it goes on
            ids += range(next_id, next_id + more)
            taken = more
        elif db.execute("SELECT 1 FROM chunks WHERE id > ? AND id <= ? LIMIT 1",
                        (ids[-1], ids[-1] + more)).fetchone() is None and ids[-1] + more < next_id:
            ids += range(ids[-1] + 1, ids[-1] + 1 + more)  # into the free ids after it
        else:  # moved whole to the table's end: every row, and lexical row, anew
            old = [None] * len(chunks) + old
            ids = list(range(next_id, next_id + len(chunks))) + ids
            taken = len(chunks)
    changed, gone, added = [], [], []
    fts_old, fts_new = [], []
    for k, cid in enumerate(ids):
        new = chunks[k] if k < len(chunks) else None
        was = old[k] if k < len(old) else None
        if new is None and was is None:
            continue
        if new is None:
            gone.append(cid)
            fts_old.append((cid, was[-1], was[7], was[9], workspace_id))
            continue
        values = _values(new)
        if was is None:
            added.append((cid, file_id, *values))
            fts_new.append((cid, new[BODY], fts_rows.labelled(new[BREADCRUMB], workspace_id, new[LABELS]), new[IDENTS]))
            continue
        if was[1:] == values:
            continue
        changed.append((*values, cid))
        # ord, ..., name (7), name_key, breadcrumb (9), ..., body_z (12): the lexical row
        # depends on the text, the name and the breadcrumb only
        same_text = was[12] == values[11] or fts_rows.unpack(was[12]) == new[BODY]
        if not (same_text and was[7] == new[NAME] and was[9] == new[BREADCRUMB]):
            fts_old.append((cid, was[12], was[7], was[9], workspace_id))
            fts_new.append((cid, new[BODY], fts_rows.labelled(new[BREADCRUMB], workspace_id, new[LABELS]), new[IDENTS]))
    if fts_old:  # removed with the values they were indexed with, before their rows change
        fts_rows.forget(db, fts_old, chunks)
    if gone:
        db.executemany("DELETE FROM chunks WHERE id = ?", [(i,) for i in gone])
    if changed:
        db.executemany(_UPDATE_CHUNK, changed)
    if added:
        db.executemany(f"INSERT INTO chunks (id, file_id, {', '.join(_CHUNK_COLUMNS)})"
                       f" VALUES ({', '.join('?' * (len(_CHUNK_COLUMNS) + 2))})", added)
    if fts_new:
        fts_rows.insert(db, fts_new)
    return taken


def replace_rows(db: sqlite3.Connection, table: str, columns: tuple[str, ...], file_id: int,
                 rows: list[tuple]) -> None:
    """Make ``file_id``'s rows of ``table`` (beyond ``file_id``: ``columns``) be ``rows``,
    deleting and inserting only the difference (rows are compared as multisets)."""
    wanted = Counter(rows)
    stale = []
    for rowid, *values in db.execute(f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE file_id = ?",
                                     (file_id,)):
        key = tuple(values)
        if wanted[key] > 0:
            wanted[key] -= 1
        else:
            stale.append((rowid,))
    if stale:
        db.executemany(f"DELETE FROM {table} WHERE rowid = ?", stale)
    fresh = [(file_id, *key) for key, n in wanted.items() for _ in range(n)]
    if fresh:
        db.executemany(f"INSERT INTO {table} (file_id, {', '.join(columns)})"
                       f" VALUES ({', '.join('?' * (len(columns) + 1))})", fresh)
