"""Reads of the symbol tables on a PostgreSQL store: :class:`lode.store.symbols.SymbolTables`'s
methods, rows and column orders over the same tables (:mod:`.schema`). Reached as
``store.symbols``.

Reversed names are ``COLLATE "C"``, so a range ``[lo, hi)`` is the byte range SQLite
scans and the index on ``rname`` serves it.
"""

from __future__ import annotations

import json


def _ws(workspace_id: int | tuple[int, ...] | None) -> tuple[str, list]:
    if workspace_id is None:
        return "", []
    if isinstance(workspace_id, tuple):  # a server's several projects
        return " AND f.workspace_id = ANY(%s)", [[int(i) for i in workspace_id]]
    return " AND f.workspace_id = %s", [int(workspace_id)]


_COLUMNS = "SELECT s.rname, f.path, s.line, s.col, s.kind, sf.module, s.detail, w.name"
_SELECT = (f"{_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id"
           " JOIN workspaces w ON w.id = f.workspace_id"
           " LEFT JOIN symbol_files sf ON sf.file_id = s.file_id")
_LINKS = ("SELECT l.rname, l.target, f.path, l.line, l.wild, sf.module FROM symbol_links l"
          " JOIN files f ON f.id = l.file_id LEFT JOIN symbol_files sf ON sf.file_id = l.file_id"
          " WHERE ")


class PgSymbolTables:
    """One view of the tables; ``store.symbols`` hands out a new one each time it is
    read, and a lookup (a :class:`lode.symbols.index.SymbolIndex`) keeps the one it took.
    The view remembers the rows of each statement it ran: a lookup's link and base walks
    ask the same few questions again and again (on pydantic, 1,852 statements for one
    name, 512 of them distinct), each a round trip to the server, not a B-tree probe in
    this process as with SQLite. Rows come back as new lists (callers extend them)."""

    def __init__(self, store):
        self.store = store
        self._seen: dict[tuple, list[tuple]] = {}

    def _rows(self, sql: str, args=()) -> list[tuple]:
        key = (sql, tuple(tuple(a) if isinstance(a, list) else a for a in args))
        rows = self._seen.get(key)
        if rows is None:
            rows = self._seen[key] = self.store._all(sql, list(args))
        return list(rows)

    # -- symbols ------------------------------------------------------------------------

    def named(self, rname: str, kinds: tuple[str, ...], workspace_id: int | None = None) -> list[tuple]:
        """Symbols of these record kinds whose reversed name is ``rname``."""
        ws, wa = _ws(workspace_id)
        return self._rows(f"{_SELECT} WHERE s.rname = %s AND s.kind = ANY(%s){ws}", [rname, list(kinds), *wa])

    def named_range(self, lo: str, hi: str, kinds: tuple[str, ...], workspace_id: int | None = None) -> list[tuple]:
        """Symbols of these record kinds whose reversed name is in ``[lo, hi)``."""
        ws, wa = _ws(workspace_id)
        return self._rows(f"{_SELECT} WHERE s.rname >= %s AND s.rname < %s AND s.kind = ANY(%s){ws}",
                          [lo, hi, list(kinds), *wa])

    def of_kinds(self, kinds: tuple[str, ...], workspace_id: int | None = None) -> list[tuple]:
        """Every symbol of these record kinds."""
        ws, wa = _ws(workspace_id)
        return self._rows(f"{_SELECT} WHERE s.kind = ANY(%s){ws}", [list(kinds), *wa])

    def in_file(self, path: str, workspace_id: int | None = None) -> list[tuple]:
        """The definitions and methods of a file, in source order."""
        ws, wa = _ws(workspace_id)
        return self._rows(f"{_SELECT} WHERE f.path = %s AND s.kind IN ('definition', 'method'){ws}"
                          " ORDER BY s.line, s.col", [path, *wa])

    def details(self) -> set[str]:
        """Every non-empty detail (function, class, struct, …) the store holds."""
        return {d for (d,) in self._rows("SELECT DISTINCT detail FROM symbols WHERE detail <> ''")}

    def method_rnames(self, lo: str, hi: str, language: str, workspace_id: int | None = None) -> list[str]:
        """Reversed names in ``[lo, hi)`` of methods defined in files of ``language``."""
        ws, wa = _ws(workspace_id)
        return [r[0] for r in self._rows(
            "SELECT s.rname FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.rname >= %s"
            f" AND s.rname < %s AND s.kind = 'method' AND f.language = %s{ws}", [lo, hi, language, *wa])]

    # -- files: modules, names, aliases ---------------------------------------------------

    def names(self, workspace_id: int | None = None) -> list[str]:
        """The name stream: every name a file contributes, file by file."""
        if workspace_id is None:
            rows = self._rows("SELECT names FROM symbol_files ORDER BY file_id")
        else:
            ws, wa = _ws(workspace_id)
            rows = self._rows("SELECT sf.names FROM symbol_files sf JOIN files f ON f.id = sf.file_id"
                              f" WHERE true{ws} ORDER BY sf.file_id", wa)
        out: list[str] = []
        for (names,) in rows:
            if names:
                out.extend(names.split("\n"))
        return out

    def module_aliases(self, module: str) -> list[dict]:
        """The import aliases (``__all__`` among them) of each file of a module."""
        return [json.loads(aliases or "{}") for (aliases,) in self._rows(
            "SELECT aliases FROM symbol_files WHERE module = %s ORDER BY file_id", [module])]

    # -- links: re-exports and aliases ----------------------------------------------------

    def links(self, rname: str, workspace_id: int | None = None) -> list[tuple]:
        """Links whose reversed name is ``rname``."""
        ws, wa = _ws(workspace_id)
        return self._rows(_LINKS + f"l.rname = %s{ws}", [rname, *wa])

    def links_range(self, lo: str, hi: str, workspace_id: int | None = None) -> list[tuple]:
        """Links whose reversed name is in ``[lo, hi)``."""
        ws, wa = _ws(workspace_id)
        return self._rows(_LINKS + f"l.rname >= %s AND l.rname < %s{ws}", [lo, hi, *wa])

    def linked_to(self, target: str) -> list[str]:
        """Reversed names of the links (not ``name.*`` ones) pointing at ``target``."""
        return [r for (r,) in self._rows("SELECT rname FROM symbol_links WHERE target = %s AND wild <> 1", [target])]

    def states_wild_link(self, workspace: str, path: str, target: str) -> bool:
        """Does the file ``path`` of workspace ``workspace`` (by name) state a ``name.*``
        link to ``target``?"""
        return bool(self._rows(
            "SELECT 1 FROM symbol_links l JOIN files f ON f.id = l.file_id"
            " WHERE f.workspace_id = (SELECT id FROM workspaces WHERE name = %s) AND f.path = %s"
            " AND l.wild = 1 AND l.target = %s LIMIT 1", [workspace, path, target]))

    def link_sites(self, name: str, workspace_ids: list[int], limit: int = 20) -> list[tuple[int, int]]:
        """(file id, 0-based line) where links whose name ends in ``.name`` are stated, in
        the workspaces."""
        rev = name[::-1] + "."
        return self._rows(
            "SELECT l.file_id, l.line FROM symbol_links l JOIN files f ON f.id = l.file_id"
            " WHERE l.rname >= %s AND l.rname < %s AND f.workspace_id = ANY(%s) LIMIT %s",
            [rev, rev[:-1] + "/", list(workspace_ids), int(limit)])

    # -- relations: extends, implements, embeds, requires, returns ---------------------------

    def extended_by(self, sub: str) -> list[str]:
        """The bases ``sub`` extends, one per statement."""
        return [b for (b,) in self._rows("SELECT base FROM symbol_relations WHERE sub = %s AND kind = 'extends'",
                                         [sub])]

    def subs(self, base: str, kinds: tuple[str, ...]) -> list[str]:
        """Distinct ``sub`` of relations of these kinds to ``base``."""
        return [s for (s,) in self._rows("SELECT DISTINCT sub FROM symbol_relations WHERE base = %s"
                                         " AND kind = ANY(%s)", [base, list(kinds)])]

    def bases(self, sub: str, kinds: tuple[str, ...]) -> list[str]:
        """Distinct ``base`` of relations of these kinds from ``sub``."""
        return [b for (b,) in self._rows("SELECT DISTINCT base FROM symbol_relations WHERE sub = %s"
                                         " AND kind = ANY(%s)", [sub, list(kinds)])]

    def members(self, iface: str) -> list[tuple[str, str]]:
        """(base, kind) of an interface's ``requires`` (methods) and ``embeds`` relations."""
        return self._rows("SELECT base, kind FROM symbol_relations WHERE sub = %s AND kind IN"
                          " ('requires', 'embeds')", [iface])

    def extending(self, base: str, workspace_id: int | None = None) -> list[tuple]:
        """Relations (rows as above) of what extends or implements ``base``."""
        ws, wa = _ws(workspace_id)
        return self._rows(
            "SELECT r.sub, f.path, r.line, r.col, r.kind, sf.module, w.name FROM symbol_relations r"
            " JOIN files f ON f.id = r.file_id JOIN workspaces w ON w.id = f.workspace_id"
            " LEFT JOIN symbol_files sf ON sf.file_id = r.file_id"
            f" WHERE r.base = %s AND r.kind IN ('extends', 'implements'){ws}", [base, *wa])
