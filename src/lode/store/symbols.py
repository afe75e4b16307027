"""Reads of the symbol tables (:mod:`.schema_symbols`). Reached as ``store.symbols``;
:mod:`lode.symbols.index` makes lookups of them.

Names are stored reversed (``rname``), so every trailing form of a name is a prefix: a
*range* ``[lo, hi)`` of reversed names finds a name and every longer name it ends. Every
method takes an optional ``workspace_id``: one id, a tuple of ids (a server's several
projects), or None (the whole store).

Rows are plain tuples, in these column orders:

- a symbol: ``(rname, path, line, col, kind, module, detail, workspace name)``;
- a link: ``(rname, target, path, line, wild, module of the stating file)``;
- a relation: ``(sub, path, line, col, kind, module, workspace name)``.
"""

from __future__ import annotations

import sqlite3

from .. import jsontext  # json's text without its package (re and enum behind it)


# Rows of the symbols table looked up in its name index after a look-up that found
# nothing (SymbolTables.index_misses).
INDEX_SAMPLE = 16


def _ws(workspace_id: int | tuple[int, ...] | None) -> str:
    if workspace_id is None:
        return ""
    if isinstance(workspace_id, tuple):  # ids from the store, formatted as integers
        return " AND f.workspace_id IN (%s)" % ",".join("%d" % int(i) for i in workspace_id)
    return " AND f.workspace_id = %d" % int(workspace_id)


def _marks(values) -> str:
    return ",".join("?" * len(values))


# CROSS JOIN fixes the loop order: the name index drives, never a scan of the
# workspace's files (which the planner would otherwise pick for `f.workspace_id = ?`).
_COLUMNS = "SELECT s.rname, f.path, s.line, s.col, s.kind, sf.module, s.detail, w.name"
_SELECT = (f"{_COLUMNS} FROM symbols s CROSS JOIN files f ON f.id = s.file_id"
           " CROSS JOIN workspaces w ON w.id = f.workspace_id"
           " LEFT JOIN symbol_files sf ON sf.file_id = s.file_id")
_BY_FILE = (f"{_COLUMNS} FROM files f CROSS JOIN symbols s ON s.file_id = f.id"
            " CROSS JOIN workspaces w ON w.id = f.workspace_id"
            " LEFT JOIN symbol_files sf ON sf.file_id = s.file_id")
_LINKS = ("SELECT l.rname, l.target, f.path, l.line, l.wild, sf.module FROM symbol_links l"
          " CROSS JOIN files f ON f.id = l.file_id LEFT JOIN symbol_files sf ON sf.file_id = l.file_id"
          " WHERE ")


class SymbolTables:
    def __init__(self, store):
        self.store = store

    # -- symbols ------------------------------------------------------------------------

    def named(self, rname: str, kinds: tuple[str, ...], workspace_id: int | None = None) -> list[tuple]:
        """Symbols of these record kinds whose reversed name is ``rname``."""
        sql = f"{_SELECT} WHERE s.rname = ? AND s.kind IN ({_marks(kinds)}){_ws(workspace_id)}"
        return self.store.db.execute(sql, (rname, *kinds)).fetchall()

    def named_range(self, lo: str, hi: str, kinds: tuple[str, ...], workspace_id: int | None = None) -> list[tuple]:
        """Symbols of these record kinds whose reversed name is in ``[lo, hi)``."""
        sql = f"{_SELECT} WHERE s.rname >= ? AND s.rname < ? AND s.kind IN ({_marks(kinds)}){_ws(workspace_id)}"
        return self.store.db.execute(sql, (lo, hi, *kinds)).fetchall()

    def index_misses(self) -> bool:
        """Whether the name index lacks rows of its table, judged from INDEX_SAMPLE rows
        picked at random: a damaged index (an older copy of its pages) reads as a valid,
        smaller one, and a look-up through it answers "no definition" with no error. A
        look-up that found nothing asks (~0.1 ms; a scan of the table to compare would
        be ~30 ms on Go's tree); an index short of a fifth of its rows is caught 97
        times in 100, a whole one never flagged. ``lode check`` finds the rest."""
        import random

        db = self.store.db
        top = db.execute("SELECT max(rowid) FROM symbols").fetchone()[0]
        for _ in range(INDEX_SAMPLE if top else 0):
            row = db.execute("SELECT rowid, rname FROM symbols WHERE rowid >= ? LIMIT 1",
                             (random.randint(1, top),)).fetchone()
            if row and db.execute("SELECT 1 FROM symbols INDEXED BY symbols_rname WHERE rname = ? AND rowid = ?",
                                  (row[1], row[0])).fetchone() is None:
                return True
        return False

    def of_kinds(self, kinds: tuple[str, ...], workspace_id: int | None = None) -> list[tuple]:
        """Every symbol of these record kinds."""
        return self.store.db.execute(f"{_SELECT} WHERE s.kind IN ({_marks(kinds)}){_ws(workspace_id)}",
                                     kinds).fetchall()

    def in_file(self, path: str, workspace_id: int | None = None) -> list[tuple]:
        """The definitions and methods of a file, in source order."""
        return self.store.db.execute(f"{_BY_FILE} WHERE f.path = ? AND s.kind IN ('definition', 'method')"
                                     f"{_ws(workspace_id)} ORDER BY s.line, s.col", (path,)).fetchall()

    def details(self) -> set[str]:
        """Every non-empty detail (function, class, struct, …) the store holds."""
        return {d for (d,) in self.store.db.execute("SELECT DISTINCT detail FROM symbols WHERE detail != ''")}

    def method_rnames(self, lo: str, hi: str, language: str, workspace_id: int | None = None) -> list[str]:
        """Reversed names in ``[lo, hi)`` of methods defined in files of ``language``."""
        return [r[0] for r in self.store.db.execute(
            "SELECT s.rname FROM symbols s CROSS JOIN files f ON f.id = s.file_id WHERE s.rname >= ? "
            f"AND s.rname < ? AND s.kind = 'method' AND f.language = ?{_ws(workspace_id)}",
            (lo, hi, language)).fetchall()]

    # -- files: modules, names, aliases ---------------------------------------------------

    def names(self, workspace_id: int | None = None) -> list[str]:
        """The name stream: every name a file contributes, file by file."""
        sql = "SELECT sf.names FROM symbol_files sf"
        if workspace_id is not None:
            sql += " JOIN files f ON f.id = sf.file_id WHERE 1" + _ws(workspace_id)
        out: list[str] = []
        for (names,) in self.store.db.execute(sql):
            if names:
                out.extend(names.split("\n"))
        return out

    def module_aliases(self, module: str) -> list[dict]:
        """The import aliases (``__all__`` among them) of each file of a module."""
        return [jsontext.loads(aliases or "{}") for (aliases,) in self.store.db.execute(
            "SELECT aliases FROM symbol_files WHERE module = ?", (module,))]

    # -- links: re-exports and aliases ----------------------------------------------------

    def links(self, rname: str, workspace_id: int | None = None) -> list[tuple]:
        """Links whose reversed name is ``rname``."""
        return self.store.db.execute(_LINKS + f"l.rname = ?{_ws(workspace_id)}", (rname,)).fetchall()

    def links_range(self, lo: str, hi: str, workspace_id: int | None = None) -> list[tuple]:
        """Links whose reversed name is in ``[lo, hi)``."""
        return self.store.db.execute(_LINKS + f"l.rname >= ? AND l.rname < ?{_ws(workspace_id)}", (lo, hi)).fetchall()

    def linked_to(self, target: str) -> list[str]:
        """Reversed names of the links (not ``name.*`` ones) pointing at ``target``."""
        return [r for (r,) in self.store.db.execute(
            "SELECT rname FROM symbol_links WHERE target = ? AND wild != 1", (target,))]

    def states_wild_link(self, workspace: str, path: str, target: str) -> bool:
        """Does the file ``path`` of workspace ``workspace`` (by name) state a ``name.*``
        link to ``target`` (Go: its package clause names the import path's package)?"""
        row = self.store.db.execute(
            "SELECT 1 FROM symbol_links l CROSS JOIN files f ON f.id = l.file_id"
            " WHERE f.workspace_id = (SELECT id FROM workspaces WHERE name = ?) AND f.path = ?"
            " AND l.wild = 1 AND l.target = ? LIMIT 1", (workspace, path, target)).fetchone()
        return row is not None

    def link_sites(self, name: str, workspace_ids: list[int], limit: int = 20) -> list[tuple[int, int]]:
        """(file id, 0-based line) where links whose name ends in ``.name`` are stated, in
        the workspaces; empty in a store without the symbol tables."""
        rev = name[::-1] + "."
        try:
            return self.store.db.execute(
                "SELECT l.file_id, l.line FROM symbol_links l JOIN files f ON f.id = l.file_id "
                f"WHERE l.rname >= ? AND l.rname < ? AND f.workspace_id IN ({_marks(workspace_ids)}) LIMIT {int(limit)}",
                [rev, rev[:-1] + "/", *workspace_ids]).fetchall()
        except sqlite3.OperationalError:  # a store without the symbol tables
            return []

    # -- relations: extends, implements, embeds, requires, returns ---------------------------

    def extended_by(self, sub: str) -> list[str]:
        """The bases ``sub`` extends, one per statement."""
        return [b for (b,) in self.store.db.execute(
            "SELECT base FROM symbol_relations WHERE sub = ? AND kind = 'extends'", (sub,))]

    def subs(self, base: str, kinds: tuple[str, ...]) -> list[str]:
        """Distinct ``sub`` of relations of these kinds to ``base``."""
        return [s for (s,) in self.store.db.execute(
            f"SELECT DISTINCT sub FROM symbol_relations WHERE base = ? AND kind IN ({_marks(kinds)})",
            (base, *kinds))]

    def bases(self, sub: str, kinds: tuple[str, ...]) -> list[str]:
        """Distinct ``base`` of relations of these kinds from ``sub``."""
        return [b for (b,) in self.store.db.execute(
            f"SELECT DISTINCT base FROM symbol_relations WHERE sub = ? AND kind IN ({_marks(kinds)})",
            (sub, *kinds))]

    def members(self, iface: str) -> list[tuple[str, str]]:
        """(base, kind) of an interface's ``requires`` (methods) and ``embeds`` relations."""
        return self.store.db.execute("SELECT base, kind FROM symbol_relations WHERE sub = ? AND kind IN"
                                     " ('requires', 'embeds')", (iface,)).fetchall()

    def extending(self, base: str, workspace_id: int | None = None) -> list[tuple]:
        """Relations (rows as above) of what extends or implements ``base``."""
        sql = ("SELECT r.sub, f.path, r.line, r.col, r.kind, sf.module, w.name FROM symbol_relations r"
               " CROSS JOIN files f ON f.id = r.file_id CROSS JOIN workspaces w ON w.id = f.workspace_id"
               " LEFT JOIN symbol_files sf ON sf.file_id = r.file_id"
               f" WHERE r.base = ? AND r.kind IN ('extends', 'implements'){_ws(workspace_id)}")
        return self.store.db.execute(sql, (base,)).fetchall()
