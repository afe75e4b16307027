"""The rows of the lexical index and how they are written, removed and rebuilt.

``chunks_fts`` is contentless (:mod:`.schema`): FTS5 keeps only its index, and a chunk's
text lives once in ``chunks.body_z``, zlib-compressed, or as plain text when it is
short (:func:`pack`, :func:`unpack`).
A contentless row is removed by the FTS5 ``'delete'`` command given the very values it
was indexed with — other values leave stray postings that nothing reports — so every
row is a pure function of what ``chunks`` and ``files`` hold (:func:`row`):

- ``body``: the chunk's text;
- ``breadcrumb``: :func:`~.tokens.breadcrumb_labels` of the breadcrumb, then the
  workspace's scope token (:func:`~.schema.scope_token`);
- ``idents``: :func:`~.tokens.idents_for` of the text and the chunk's name.

The indexer's workers compute ``idents`` and ``labels`` with those same functions
(:mod:`lode.workspace.pipeline`), so the writer takes them as given, and removal
derives them again — or, for a chunk whose text comes back unchanged in the file's new
record, takes the values the worker derived for that same text. :data:`DERIVATION` names that derivation: it is recorded in the store
(``fts_state``), and a store recorded under another one has its lexical index rebuilt
from ``chunks`` when it opens (:func:`keep_current`), so rows made by an older
derivation are never deleted with a newer one's values.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterable  # not typing's: typing is ~3 ms to import

from .chunk_row import BODY, BREADCRUMB, IDENTS, LABELS, NAME
from .schema import scope_token

# Bump whenever tokens.py (IDENT, identifier_parts, idents_for, breadcrumb_labels) or
# row() changes the values a chunk's row gets: every store then rebuilds its lexical
# index once when opened. tests/indexing/test_fts_contentless.py pins the values.
DERIVATION = 1

_INSERT = "INSERT INTO chunks_fts (rowid, body, breadcrumb, idents) VALUES (?, ?, ?, ?)"
_DELETE = ("INSERT INTO chunks_fts (chunks_fts, rowid, body, breadcrumb, idents) "
           "VALUES ('delete', ?, ?, ?, ?)")
# What row() needs of each chunk, joined with its file's workspace.
_SOURCE = ("SELECT c.id, c.body_z, c.name, c.breadcrumb, f.workspace_id "
           "FROM chunks c JOIN files f ON f.id = c.file_id")


# zlib's default memLevel (8) makes every compressor set up ~270 kB of tables, which can
# cost more than compressing a chunk (~530 bytes on average): 16 to 55 µs a call,
# depending on the process's heap. memLevel 5 (a 4k-entry hash, an 8 kB buffer) finds
# the same matches in texts this short: level 6, a sixth of Go's tree's chunk texts
# under callgrind, 3.48 -> 2.32 G instructions, the same size out. Level 1 then takes
# 1.96 G (level 4: 2.21) and the texts 29.46 MB instead of 28.21 (28.55): Go's store
# without vectors 184.6 -> 186.0 MB, 1.88x the source. Any zlib stream decompresses with
# the same call (unpack), so stores written before read as they did.
_LEVEL, _WBITS, _MEMLEVEL = 1, 15, 5
# A text shorter than this (characters) is stored as it is, a TEXT value (the column has
# no type affinity; a compressed one is a BLOB, so the two never mix up). Most chunks are
# short (Go's tree: median ~230 bytes, 74% under 512) and cost zlib about as much as a
# long one (building a block's Huffman trees is most of a short text's ~8 us), for
# little gain: under 512 their compressed form is ~60% of their size, not ~45%. Go's
# tree: compressing 1.56 -> 0.84 CPU s, the stored texts 29.46 -> 33.24 MB (store
# without vectors 1.88 -> 1.92x the source). Stores written before read as they did.
RAW_BELOW = 512


def pack(body: str) -> bytes | str:
    """A chunk's text as stored in ``chunks.body_z``: ``body`` itself when short (and
    valid UTF-8, which a TEXT value must be), else its UTF-8 bytes compressed."""
    if len(body) < RAW_BELOW:
        try:
            body.encode("utf-8")
            return body
        except UnicodeEncodeError:  # a lone surrogate: compressed as any other text
            pass
    packer = zlib.compressobj(_LEVEL, zlib.DEFLATED, _WBITS, _MEMLEVEL)
    return packer.compress(body.encode("utf-8", "surrogatepass")) + packer.flush()


def unpack(body_z: bytes | str | None) -> str:
    if isinstance(body_z, str):
        return body_z
    return zlib.decompress(body_z).decode("utf-8", "surrogatepass") if body_z else ""


def contains(body_z: bytes | str | None, needle: bytes) -> bool:
    """Whether a stored text holds ``needle`` (UTF-8, ASCII letters lower-cased),
    ignoring the case of ASCII letters — SQLite's ``LIKE`` (``bytes.lower`` folds only
    ASCII bytes, which never occur inside a multi-byte UTF-8 character)."""
    if not body_z:
        return False
    data = body_z.encode("utf-8") if isinstance(body_z, str) else zlib.decompress(body_z)
    return needle in data.lower()


def labelled(breadcrumb: str, workspace_id: int, labels: str | None = None) -> str:
    """The ``breadcrumb`` column: ``labels`` is :func:`breadcrumb_labels` of the
    breadcrumb when the caller already has it."""
    if not labels:
        from .tokens import breadcrumb_labels  # re behind it: not for opening a store

        labels = breadcrumb_labels(breadcrumb)
    return f"{labels} {scope_token(workspace_id)}"


def row(chunk_id: int, body: str, name: str | None, breadcrumb: str, workspace_id: int) -> tuple:
    """(rowid, body, breadcrumb, idents): the FTS row of a chunk."""
    from .tokens import idents_for

    return (chunk_id, body, labelled(breadcrumb, workspace_id), idents_for(body, name or ""))


def _rows(stored: Iterable[tuple], known: Iterable | None = None) -> list[tuple]:
    """The FTS rows of stored chunks; ``known``: chunk rows (:mod:`.chunk_row`) whose
    values were derived as :func:`row` derives them, reused for stored chunks with the
    same texts instead of deriving them again."""
    from .tokens import idents_for

    if not known:
        return [row(i, unpack(z), name, crumb, ws) for i, z, name, crumb, ws in stored]
    idents = {(c[BODY], c[NAME] or ""): c[IDENTS] for c in known}
    labels = {c[BREADCRUMB]: c[LABELS] for c in known if c[LABELS]}
    out = []
    for i, z, name, crumb, ws in stored:
        body = unpack(z)
        got = idents.get((body, name or ""))
        out.append((i, body, labelled(crumb, ws, labels.get(crumb)),
                    got if got is not None else idents_for(body, name or "")))
    return out


# FTS5's write settings for a run writing many files (Store.bulk_writes), the ones the
# index had put back after it. ``hashsize``: the bytes of new postings held in memory
# before they are written out as a segment (FTS5's default 1 MB wrote Go's tree's rows
# in 83 segments, more than two a 200-file transaction; 8 MB writes one at each commit).
# ``pgsz``: the bytes of a segment's leaf (default 4050: four leaves to a 16 kB page; one
# leaf a page instead). All of Go's tree's worker results replayed into a new store
# (bench/store_writes.py's records, callgrind, the whole writing process): 28,670M ->
# 27,952M instructions (-2.5%; the first half alone: 16,327M, 16,019M with the hash
# only, 15,914M with both); the same postings and rows (bench/store_dump.py), the index's
# data 34.1 -> 33.8 MB, the store 189.4 MB either way.
BULK_SETTINGS = (("hashsize", 8 * 1024 * 1024), ("pgsz", 16000))
_DEFAULTS = {"hashsize": 1024 * 1024, "pgsz": 4050}  # FTS5's own, when the index states none


def bulk_settings(db: sqlite3.Connection) -> list[tuple[str, int]]:
    """Give the lexical index :data:`BULK_SETTINGS`; the values it had, for :func:`put_back`.
    ``db`` is in autocommit mode."""
    names = [name for name, _ in BULK_SETTINGS]
    stated = dict(db.execute(f"SELECT k, v FROM chunks_fts_config WHERE k IN ({','.join('?' * len(names))})",
                             names).fetchall())
    before = [(name, stated.get(name, _DEFAULTS[name])) for name in names]
    _configure(db, BULK_SETTINGS)
    return before


def put_back(db: sqlite3.Connection, settings: list[tuple[str, int]]) -> None:
    """The settings :func:`bulk_settings` found, back (kept when the store cannot be written)."""
    try:
        _configure(db, settings)
    except sqlite3.Error:
        pass  # written only for later runs' writes: the index holds the same either way


def _configure(db: sqlite3.Connection, settings) -> None:
    db.execute("BEGIN IMMEDIATE")
    try:
        for name, value in settings:
            db.execute("INSERT INTO chunks_fts (chunks_fts, rank) VALUES (?, ?)", (name, value))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def insert(db: sqlite3.Connection, rows: list[tuple]) -> None:
    db.executemany(_INSERT, rows)


def insert_chunks(db: sqlite3.Connection, ids: Iterable[int], chunks: list[tuple], workspace_id: int) -> None:
    """Index chunk rows (:mod:`.chunk_row`) whose ``idents`` and ``labels`` were derived
    as :func:`row` derives them, under their ids: :func:`row`'s values, taken from them."""
    scope = " " + scope_token(workspace_id)
    db.executemany(_INSERT, [(i, c[BODY], c[LABELS] + scope if c[LABELS] else labelled(c[BREADCRUMB], workspace_id),
                              c[IDENTS]) for i, c in zip(ids, chunks)])


def forget(db: sqlite3.Connection, stored: Iterable[tuple], known: Iterable | None = None) -> None:
    """Remove stored chunks' rows, each given as (id, body_z, name, breadcrumb,
    workspace id) as it is stored; ``known`` as for :func:`_rows`."""
    db.executemany(_DELETE, _rows(stored, known))


def forget_file(db: sqlite3.Connection, file_id: int, known: Iterable | None = None) -> None:
    """Remove a file's chunks from the lexical index (before its rows are deleted);
    ``known``: the chunks replacing them, as for :func:`_rows`."""
    db.executemany(_DELETE, _rows(db.execute(_SOURCE + " WHERE c.file_id = ?", (file_id,)), known))


def forget_workspace(db: sqlite3.Connection, workspace_id: int) -> None:
    """Remove a workspace's chunks from the lexical index (before its rows are deleted);
    when it holds every chunk, the index is simply emptied."""
    others = db.execute("SELECT 1 FROM chunks c JOIN files f ON f.id = c.file_id "
                        "WHERE f.workspace_id != ? LIMIT 1", (workspace_id,)).fetchone()
    if others is None:
        db.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all')")
        return
    cur = db.execute(_SOURCE + " WHERE f.workspace_id = ?", (workspace_id,))
    while batch := cur.fetchmany(2000):
        db.executemany(_DELETE, _rows(batch))


def rebuild(db: sqlite3.Connection) -> int:
    """Index every chunk again from ``chunks`` under this :data:`DERIVATION` and record
    it; inside the caller's transaction. Returns the rows indexed."""
    db.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all')")
    n = 0
    cur = db.execute(_SOURCE + " ORDER BY c.id")
    while batch := cur.fetchmany(2000):
        insert(db, _rows(batch))
        n += len(batch)
    db.execute("INSERT OR REPLACE INTO fts_state (key, value) VALUES ('derivation', ?)", (str(DERIVATION),))
    return n


def recorded(db: sqlite3.Connection) -> str | None:
    got = db.execute("SELECT value FROM fts_state WHERE key = 'derivation'").fetchone()
    return got[0] if got else None


def keep_current(db: sqlite3.Connection) -> int:
    """Rebuild the lexical index when the store records another derivation than this
    one (one read when it does not). Returns the rows indexed (0: nothing to do)."""
    if recorded(db) == str(DERIVATION):
        return 0
    db.execute("BEGIN IMMEDIATE")
    try:
        n = rebuild(db) if recorded(db) != str(DERIVATION) else 0  # another process may have
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a full disk makes SQLite roll back by itself
            db.execute("ROLLBACK")
        raise
    return n
