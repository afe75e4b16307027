"""Reads of chunks on a PostgreSQL store: :class:`lode.store.chunks.ChunkReads`'s
methods over the same tables. Reached as ``store.chunks``.

A filter's path predicate (the caller's globs, a Python function) cannot run inside the
server: :func:`filter_sql` gives the rest as SQL, and :func:`keep_paths` applies the
predicate to rows read back.
"""

from __future__ import annotations

from ..chunks import SPLIT_WINDOW, ChunkFilter, split_runs

_PART = 500  # ids per query


def _like_prefix(p: str) -> str:
    return p.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def filter_sql(f: ChunkFilter) -> tuple[str, list]:
    """``f`` but its path predicate as a WHERE fragment over ``files f`` and ``chunks c``
    (starting with AND, or empty) and its parameters."""
    where, args = [], []
    if f.paths and "" not in f.paths:
        ors = []
        for p in f.paths:
            ors.append("(f.path = %s OR f.path LIKE %s)")  # backslash is LIKE's escape
            args += [p, _like_prefix(p) + "/%"]
        where.append("(" + " OR ".join(ors) + ")")
    for column, values in (("f.tag", f.tags), ("f.language", f.languages), ("c.kind", f.kinds)):
        if values:
            where.append(f"{column} = ANY(%s)")
            args.append(list(values))
    return "".join(" AND " + w for w in where), args


def keep_paths(f: ChunkFilter, rows, path_at: int = 1) -> list:
    """Those of ``rows`` whose path (column ``path_at``) the filter's predicate admits."""
    if f.path_ok is None:
        return list(rows)
    return [r for r in rows if f.path_ok(r[path_at])]


class PgChunkReads:
    def __init__(self, store):
        self.store = store

    def last_id(self) -> int | None:
        """The newest chunk's id (a re-index changes it)."""
        return self.store._one("SELECT max(id) FROM chunks")[0]

    def admitted(self, workspace_ids: list[int], f: ChunkFilter) -> list[int] | None:
        """Ids of the workspaces' chunks ``f`` admits; None when ``f`` admits them all."""
        where, args = filter_sql(f)
        if not where and f.path_ok is None:
            return None
        rows = self.store._all("SELECT c.id, f.path FROM files f JOIN chunks c ON c.file_id = f.id"
                               f" WHERE f.workspace_id = ANY(%s){where}", [list(workspace_ids), *args])
        return [r[0] for r in keep_paths(f, rows)]

    def count(self, workspace_id: int) -> int:
        """How many chunks a workspace has."""
        return self.store._one(
            "SELECT count(*) FROM files f JOIN chunks c ON c.file_id = f.id WHERE f.workspace_id = %s",
            [workspace_id])[0]

    def of_workspace(self, workspace_id: int) -> list[tuple[int, int, str]]:
        """(id, file id, breadcrumb) of every chunk of a workspace, by path and position
        (the SQLite store's order; COLLATE "C" compares bytes as SQLite does)."""
        return [tuple(r) for r in self.store._all(
            "SELECT c.id, c.file_id, c.breadcrumb FROM files f JOIN chunks c ON c.file_id = f.id"
            ' WHERE f.workspace_id = %s ORDER BY f.path COLLATE "C", c.ord', [workspace_id])]

    def rows(self, ids: list[int]) -> dict[int, dict]:
        """What ranking needs of each chunk (no bodies), by id (the SQLite store's keys)."""
        out = {}
        with self.store.connection() as conn:
            for i in range(0, len(ids), _PART):
                cur = conn.execute(
                    "SELECT c.id, c.file_id, c.ord, c.kind, c.name, c.name_key, c.breadcrumb, c.byte_start,"
                    " c.byte_end, c.line_start, c.line_end, f.path, f.language, f.tag, f.generation, f.workspace_id,"
                    " f.hold FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ANY(%s)",
                    (list(ids[i:i + _PART]),))
                names = [d.name for d in cur.description]
                for r in cur:
                    out[r[0]] = dict(zip(names, r))
        return out

    def continuations(self, ids: list[int]) -> set[int]:
        """Those of ``ids`` whose chunk continues the one before it in its file (the same
        name and kind: one definition split in parts)."""
        out: set[int] = set()
        for i in range(0, len(ids), _PART):
            out.update(r[0] for r in self.store._all(
                # A file's chunks get consecutive ids in order (PgStore.write_batch).
                "SELECT c.id FROM chunks c JOIN chunks p ON p.id = c.id - 1 AND p.file_id = c.file_id"
                " WHERE c.id = ANY(%s) AND p.name IS NOT DISTINCT FROM c.name AND p.kind = c.kind",
                (list(ids[i:i + _PART]),)))
        return out

    def split_parts(self, ids: list[int], not_kinds: tuple[str, ...] = ()) -> dict[int, tuple[int, ...]]:
        """For those of ``ids`` that are one part of a split definition, the ids of all its
        parts in order (:meth:`lode.store.chunks.ChunkReads.split_parts`)."""
        near: dict[int, set[int]] = {}
        for i in range(0, len(ids), _PART):
            for c, n in self.store._all(
                    # A file's chunks get consecutive ids in order (PgStore.write_batch).
                    "SELECT c.id, n.id FROM chunks c JOIN chunks n ON n.id BETWEEN c.id - %s AND c.id + %s"
                    " AND n.file_id = c.file_id AND n.name = c.name AND n.kind = c.kind"
                    " WHERE c.id = ANY(%s) AND NOT (c.kind = ANY(%s))",
                    (SPLIT_WINDOW, SPLIT_WINDOW, list(ids[i:i + _PART]), list(not_kinds))):
                near.setdefault(c, set()).add(n)
        return split_runs(near)

    def first_at_line(self, file_id: int, line: int) -> int | None:
        """The first chunk of a file spanning ``line`` (1-based)."""
        row = self.store._one("SELECT id FROM chunks WHERE file_id = %s AND line_start <= %s AND line_end >= %s"
                              " ORDER BY ord LIMIT 1", (file_id, line, line))
        return row[0] if row else None

    def smallest_at(self, workspace: str, path: str, line: int) -> tuple | None:
        """(breadcrumb, embed, line_start, line_end, kind) of the smallest chunk of a file
        spanning ``line`` that is a definition or section (not a header or gap)."""
        return self.store._one(
            "SELECT c.breadcrumb, c.embed, c.line_start, c.line_end, c.kind FROM chunks c"
            " JOIN files f ON f.id = c.file_id JOIN workspaces w ON w.id = f.workspace_id"
            " WHERE w.name = %s AND f.path = %s AND c.line_start <= %s AND c.line_end >= %s"
            " AND c.kind NOT IN ('header', 'gap') ORDER BY c.line_end - c.line_start, c.ord LIMIT 1",
            (workspace, path, line, line))
