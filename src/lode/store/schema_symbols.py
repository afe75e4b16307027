"""The symbol index's tables (named migrations) and the writer that fills them per file.

- ``symbol_files``: a file's record — its module, the names it contributes (newline
  separated: together they are the name stream fuzzy search reads) and its import
  aliases (JSON). Mtime and size live on ``files``.
- ``symbols``: qualified name → position and kind. The name is stored reversed
  (``rname``) so that every trailing form of it is a prefix: ``_impl.Widget`` finds
  ``mypkg._impl.Widget`` with one index range scan.
- ``symbol_links``: re-exports and module aliases (``mypkg.Widget`` → ``mypkg._impl.Widget``),
  resolved at lookup time; ``wild`` is 1 for ``name.*`` forms, 2 for a name reachable
  as an attribute but outside the module's ``__all__``.
- ``symbol_relations``: ``sub`` extends / implements ``base``; a Go interface
  ``requires`` a method or ``embeds`` an interface.

Every table references ``files(id) ON DELETE CASCADE``: a deleted file row removes
exactly that file's contribution. A changed file keeps its row, and its rows here
are replaced by their difference (:func:`_replace_symbols`).
"""

from __future__ import annotations

import sqlite3
from itertools import chain

from ..jsontext import encode_basestring as _quoted  # ensure_ascii=False's quoting (json's own)

TYPE_CHECKING = False  # typing itself is ~3 ms to import

from .hooks import file_writer
from .inserts import insert_file_rows, insert_rows
from .migrations import migration
from .replace import replace_rows

if TYPE_CHECKING:  # the store reads these records; it does not import the symbol package
    from ..symbols.records import FileSymbols, PackedSymbols


@migration("0100_symbols")
def _symbols(db: sqlite3.Connection) -> None:
    for statement in """
    CREATE TABLE symbol_files (
        file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
        module TEXT NOT NULL,
        names TEXT NOT NULL,
        aliases TEXT NOT NULL
    );
    CREATE TABLE symbols (
        file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        rname TEXT NOT NULL,
        kind TEXT NOT NULL,
        line INTEGER NOT NULL,
        col INTEGER NOT NULL,
        detail TEXT NOT NULL
    );
    CREATE INDEX symbols_rname ON symbols(rname);
    CREATE INDEX symbols_file ON symbols(file_id);
    CREATE TABLE symbol_links (
        file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        rname TEXT NOT NULL,
        target TEXT NOT NULL,
        wild INTEGER NOT NULL,
        line INTEGER NOT NULL,
        col INTEGER NOT NULL
    );
    CREATE INDEX symbol_links_rname ON symbol_links(rname);
    CREATE INDEX symbol_links_target ON symbol_links(target);
    CREATE INDEX symbol_links_file ON symbol_links(file_id);
    CREATE TABLE symbol_relations (
        file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        sub TEXT NOT NULL,
        base TEXT NOT NULL,
        kind TEXT NOT NULL,
        line INTEGER NOT NULL,
        col INTEGER NOT NULL
    );
    CREATE INDEX symbol_relations_base ON symbol_relations(base);
    CREATE INDEX symbol_relations_sub ON symbol_relations(sub);
    CREATE INDEX symbol_relations_file ON symbol_relations(file_id)
    """.split(";"):
        db.execute(statement)


@migration("0101_symbol_files_module")
def _symbol_files_module(db: sqlite3.Connection) -> None:
    # star re-exports consult the target module's __all__ by module name
    db.execute("CREATE INDEX symbol_files_module ON symbol_files(module)")


# A file with more symbol rows than this has them written this many at a time: one with
# 250k symbols (a generated 15 MB file) held ~40 MB of these rows at once, beside its
# records, when they were made in one go.
_MADE_AT_ONCE = 8192


def _rows(fs: FileSymbols | PackedSymbols, file_id: int, symbols: bool = True) -> dict[str, list[tuple]]:
    """A file's rows of each symbol table, each starting with ``file_id`` (without the
    ``symbols`` table's when not ``symbols``)."""
    rows = fs.rows
    links = []
    for link in fs.links:
        wild = link.name.endswith(".*")
        name = link.name[:-2] if wild else link.name
        target = link.target[:-2] if link.target.endswith(".*") else link.target
        flag = 1 if wild else (0 if link.exported else 2)
        links.append((file_id, name[::-1], target, flag, link.line, link.column))
    out = {"symbol_files": [(file_id, fs.module, "\n".join(fs.names), _aliases(fs.aliases))]}
    if symbols:
        out["symbols"] = [(file_id, name[::-1], kind, line, col, detail) for name, kind, line, col, detail in rows]
    out["symbol_links"] = links
    out["symbol_relations"] = [(file_id, r.sub, r.base, r.kind, r.line, r.column) for r in fs.relations]
    return out


def _aliases(aliases: dict) -> str:
    """``json.dumps(aliases, ensure_ascii=False)``, the text stored: written out directly
    when every key and value is a string (json.dumps built an encoder on every call,
    ~20 us of each file's writing: Go's tree, ~0.1 s of the writing process)."""
    if not aliases:
        return "{}"
    try:
        return "{" + ", ".join([_quoted(k) + ": " + _quoted(v) for k, v in aliases.items()]) + "}"
    except TypeError:  # not strings: json's own conversions
        from .. import jsontext

        return jsontext.dumps(aliases, ensure_ascii=False)


_COLUMNS = {
    "symbol_files": ("module", "names", "aliases"),
    "symbols": ("rname", "kind", "line", "col", "detail"),
    "symbol_links": ("rname", "target", "wild", "line", "col"),
    "symbol_relations": ("sub", "base", "kind", "line", "col"),
}
# Each table's columns as its rows (_rows) give them.
_ROW_COLUMNS = {table: ("file_id", *columns) for table, columns in _COLUMNS.items()}


def write_file_symbols(db: sqlite3.Connection, file_id: int, fs: FileSymbols | PackedSymbols) -> None:
    """Write one file's contribution (the caller holds the transaction). ``file_id`` is a
    file row just inserted: the rows of any earlier file with that id left with it
    (foreign keys cascade), so there is nothing to delete first; a first index defers
    the ``file_id`` indexes such deletes would need (:mod:`.deferred`)."""
    tables = _rows(fs, file_id, False)
    insert_rows(db, "symbol_files", _ROW_COLUMNS["symbol_files"], tables.pop("symbol_files"))
    _write_symbols(db, file_id, fs.rows)
    for table, rows in tables.items():
        if rows:  # most files state no link or relation
            insert_rows(db, table, _ROW_COLUMNS[table], rows)


def _write_symbols(db: sqlite3.Connection, file_id: int, rows: list[tuple]) -> None:
    """A file's symbol rows (name, kind, line, column, detail), the name stored reversed:
    their values in one flat list, the names reversed in place, instead of a new 6-tuple
    a row, copied again into its statement's values."""
    for start in range(0, len(rows), _MADE_AT_ONCE):  # a generated file's 250k: a block at a time
        part = rows[start:start + _MADE_AT_ONCE] if len(rows) > _MADE_AT_ONCE else rows
        values = list(chain.from_iterable(part))
        if len(values) != 5 * len(part):
            raise ValueError("a symbol row is not (name, kind, line, column, detail)")
        values[0::5] = [name[::-1] for name in values[0::5]]
        insert_file_rows(db, "symbols", _ROW_COLUMNS["symbols"], file_id, values)


def _symbols_of(record) -> list:
    # a FileSymbols or PackedSymbols (lode.symbols.records)
    return [fs for fs in getattr(record, "symbols", None) or () if hasattr(fs, "relations")]


def _replace_symbols(db: sqlite3.Connection, file_id: int, record) -> None:
    """A file kept its row (:mod:`.replace`): its symbol rows become ``record``'s,
    writing only the rows that differ (an edit inside one body leaves most alone)."""
    wanted: dict[str, list[tuple]] = {table: [] for table in _COLUMNS}
    for fs in _symbols_of(record):
        for table, rows in _rows(fs, file_id).items():
            wanted[table] += [r[1:] for r in rows]
    for table, rows in wanted.items():
        replace_rows(db, table, _COLUMNS[table], file_id, rows)


@file_writer(replace=_replace_symbols)
def _store_symbols(db: sqlite3.Connection, file_id: int, record) -> None:
    """The store's per-file hook: ``record.symbols`` holds this file's FileSymbols (or
    PackedSymbols, the same contents as a worker sends them)."""
    for fs in _symbols_of(record):
        write_file_symbols(db, file_id, fs)
