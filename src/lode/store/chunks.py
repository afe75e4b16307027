"""Reads of chunks for search (:mod:`.schema`'s ``chunks`` and ``files``): which chunks
a filter admits, what ranking needs of each candidate, split definitions, the chunk at
a line. Reached as ``store.chunks``.

A search's filter is a :class:`ChunkFilter`, plain values the caller validated; each
backend turns it into its own predicates (here, :func:`filter_sql`).
"""

from __future__ import annotations

from collections.abc import Callable  # not typing's: typing is ~3 ms to import

from ..tuples import record  # not dataclasses: a search would import inspect for it

# A split definition's parts are read at most this many chunks either side of a part (a
# definition of more parts is taken as the window around the part found).
SPLIT_WINDOW = 32


@record
class ChunkFilter:
    """Which chunks of the searched workspaces may be returned (every field empty: all).

    ``paths``: prefixes relative to a workspace root (a file or a folder; ``""`` is the
    root, so no restriction); ``tags``, ``languages``, ``kinds``: any of; ``path_ok``: a
    predicate on the relative path (the caller's gitignore-style globs)."""
    paths: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    path_ok: Callable[[str], bool] | None = None

    def admits(self, row: dict) -> bool:
        """Whether a chunk row (:meth:`ChunkReads.rows`'s ``path``, ``tag``, ``language``,
        ``kind``) passes: the same test as :func:`filter_sql`, for chunks found by other
        means than a filtered query (re-export links)."""
        path = row["path"]
        if self.paths and "" not in self.paths and not any(
                path == p or path.startswith(p + "/") for p in self.paths):
            return False
        for values, value in ((self.tags, row["tag"]), (self.languages, row["language"]),
                              (self.kinds, row["kind"])):
            if values and value not in values:
                return False
        return self.path_ok is None or self.path_ok(path)


def split_runs(near: dict[int, set[int]]) -> dict[int, tuple[int, ...]]:
    """``near``: chunk id → the ids near it with its file, name and kind (itself
    included). The run of consecutive ids through each chunk, for runs of two or more."""
    out: dict[int, tuple[int, ...]] = {}
    for c, ns in near.items():
        lo = hi = c
        while lo - 1 in ns:
            lo -= 1
        while hi + 1 in ns:
            hi += 1
        if hi > lo:
            out[c] = tuple(range(lo, hi + 1))
    return out


def _like_prefix(p: str) -> str:
    return p.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def filter_sql(db, f: ChunkFilter) -> tuple[str, list]:
    """``f`` as a WHERE fragment over ``files f`` and ``chunks c`` (starting with AND, or
    empty) and its parameters; a path predicate is registered on ``db`` as a function."""
    where, args = [], []
    if f.paths and "" not in f.paths:
        ors = []
        for p in f.paths:
            ors.append("(f.path = ? OR f.path LIKE ? ESCAPE '\\')")
            args += [p, _like_prefix(p) + "/%"]
        where.append("(" + " OR ".join(ors) + ")")
    for column, values in (("f.tag", f.tags), ("f.language", f.languages), ("c.kind", f.kinds)):
        if values:
            where.append(f"{column} IN ({','.join('?' * len(values))})")
            args += list(values)
    if f.path_ok is not None:
        db.create_function("lode_path_ok", 1, f.path_ok, deterministic=True)
        where.append("lode_path_ok(f.path)")
    return ("".join(" AND " + w for w in where), args)


class ChunkReads:
    def __init__(self, store):
        self.store = store

    def last_id(self) -> tuple:
        """A value that changes whenever chunks are written: the newest chunk's id and
        the workspaces' change counters (a changed file keeps its chunk ids when it is
        updated in place, lode.store.replace, so the id alone may not move)."""
        return self.store.db.execute(
            "SELECT (SELECT max(id) FROM chunks), (SELECT total(changes) FROM workspaces)").fetchone()

    def admitted(self, workspace_ids: list[int], f: ChunkFilter) -> list[int] | None:
        """Ids of the workspaces' chunks ``f`` admits; None when ``f`` admits them all."""
        where, args = filter_sql(self.store.db, f)
        if not where:
            return None
        sql = ("SELECT c.id FROM files f CROSS JOIN chunks c ON c.file_id = f.id "
               f"WHERE f.workspace_id IN ({','.join('?' * len(workspace_ids))}){where}")
        return [r[0] for r in self.store.db.execute(sql, [*workspace_ids, *args])]

    def count(self, workspace_id: int) -> int:
        """How many chunks a workspace has."""
        db = self.store.db
        if db.execute("SELECT id FROM workspaces").fetchall() == [(workspace_id,)]:
            # The only workspace holds every chunk (foreign keys are on, rows cascade):
            # SQLite counts the table from its smallest index, without the join that
            # took ~5 ms of every no-op re-index of Go's tree (124k chunks).
            return db.execute("SELECT count(*) FROM chunks").fetchone()[0]
        return db.execute(
            "SELECT count(*) FROM files f CROSS JOIN chunks c ON c.file_id = f.id WHERE f.workspace_id = ?",
            (workspace_id,)).fetchone()[0]

    def of_workspace(self, workspace_id: int) -> list[tuple[int, int, str]]:
        """(id, file id, breadcrumb) of every chunk of a workspace, by path and position:
        the order the files' text gives, not the order a run happened to write them in (the
        evidence corpus built from it scores by it: two stores of one tree must agree)."""
        return self.store.db.execute(
            "SELECT c.id, c.file_id, c.breadcrumb FROM files f CROSS JOIN chunks c ON c.file_id = f.id"
            " WHERE f.workspace_id = ? ORDER BY f.path, c.ord", (workspace_id,)).fetchall()

    def rows(self, ids: list[int]) -> dict[int, dict]:
        """What ranking needs of each chunk (no bodies), by id: the chunk's ``id``,
        ``file_id``, ``ord``, ``kind``, ``name``, ``name_key``, ``breadcrumb``,
        ``byte_start``/``byte_end``, ``line_start``/``line_end`` and its file's ``path``,
        ``language``, ``tag``, ``generation``, ``workspace_id``, ``hold``."""
        out = {}
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            cur = self.store.db.execute(
                "SELECT c.id, c.file_id, c.ord, c.kind, c.name, c.name_key, c.breadcrumb, c.byte_start,"
                " c.byte_end, c.line_start, c.line_end, f.path, f.language, f.tag, f.generation, f.workspace_id,"
                f" f.hold FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id IN ({','.join('?' * len(part))})",
                part)
            names = [d[0] for d in cur.description]
            for r in cur:
                out[r[0]] = dict(zip(names, r))
        return out

    def continuations(self, ids: list[int]) -> set[int]:
        """Those of ``ids`` whose chunk continues the one before it in its file (the same
        name and kind: one definition split in parts)."""
        out: set[int] = set()
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            out.update(r[0] for r in self.store.db.execute(
                # A file's chunks get consecutive ids in order (Store.write_batch).
                "SELECT c.id FROM chunks c JOIN chunks p ON p.id = c.id - 1 AND p.file_id = c.file_id"
                f" WHERE c.id IN ({','.join('?' * len(part))}) AND p.name IS c.name AND p.kind = c.kind", part))
        return out

    def split_parts(self, ids: list[int], not_kinds: tuple[str, ...] = ()) -> dict[int, tuple[int, ...]]:
        """For those of ``ids`` that are one part of a definition split in several chunks,
        the ids of all its parts in order: the run of consecutive chunks of its file with
        the same name and kind (:meth:`continuations`' rule), at most SPLIT_WINDOW chunks
        either side of the chunk. Chunks without a name, or of ``not_kinds``, are none."""
        db = self.store.db
        near: dict[int, set[int]] = {}
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            # A file's chunks get consecutive ids in order (Store.write_batch). First the
            # chunks with a next or previous part (few of a query's candidates: two rows
            # read per chunk), then the window around those.
            split = [r[0] for r in db.execute(
                f"SELECT c.id FROM chunks c WHERE c.id IN ({','.join('?' * len(part))})"
                f" AND c.kind NOT IN ({','.join('?' * len(not_kinds))}) AND EXISTS (SELECT 1 FROM chunks n"
                " WHERE n.id IN (c.id - 1, c.id + 1) AND n.file_id = c.file_id AND n.name = c.name AND n.kind = c.kind)",
                [*part, *not_kinds])]
            if not split:
                continue
            for c, n in db.execute(
                    "SELECT c.id, n.id FROM chunks c JOIN chunks n ON n.id BETWEEN c.id - ? AND c.id + ?"
                    " AND n.file_id = c.file_id AND n.name = c.name AND n.kind = c.kind"
                    f" WHERE c.id IN ({','.join('?' * len(split))})", [SPLIT_WINDOW, SPLIT_WINDOW, *split]):
                near.setdefault(c, set()).add(n)
        return split_runs(near)

    def first_at_line(self, file_id: int, line: int) -> int | None:
        """The first chunk of a file spanning ``line`` (1-based)."""
        row = self.store.db.execute("SELECT id FROM chunks WHERE file_id = ? AND line_start <= ? AND line_end >= ? "
                                    "ORDER BY ord LIMIT 1", (file_id, line, line)).fetchone()
        return row[0] if row else None

    def smallest_at(self, workspace: str, path: str, line: int) -> tuple | None:
        """(breadcrumb, embed, line_start, line_end, kind) of the smallest chunk of a file
        spanning ``line`` that is a definition or section (not a header or gap)."""
        return self.store.db.execute(
            "SELECT c.breadcrumb, c.embed, c.line_start, c.line_end, c.kind FROM chunks c"
            " JOIN files f ON f.id = c.file_id JOIN workspaces w ON w.id = f.workspace_id"
            " WHERE w.name = ? AND f.path = ? AND c.line_start <= ? AND c.line_end >= ?"
            " AND c.kind NOT IN ('header', 'gap') ORDER BY c.line_end - c.line_start, c.ord LIMIT 1",
            (workspace, path, line, line)).fetchone()
