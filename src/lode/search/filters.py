"""Search filters validated once and handed to the store as a
:class:`~lode.store.chunks.ChunkFilter`: ``paths`` (prefixes relative to a workspace
root), ``path_globs`` (gitignore-style; a leading ``!`` excludes), ``tags_any``
(``code``/``prose``), ``languages``, ``kinds``."""

from __future__ import annotations

import os
import posixpath
from functools import cached_property

from ..errors import InvalidParams
from ..tuples import record  # not dataclasses: a search would import inspect for it
from ..store.chunks import ChunkFilter

TAGS = ("code", "prose")


def _strings(name: str, value) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise InvalidParams(f"invalid params: '{name}' must be a list of strings", data={"param": name})
    return tuple(v for v in value if v.strip())


def _prefix(path: str) -> str:
    """A ``paths`` entry as a prefix below the workspace root: ``./store/`` is ``store``,
    ``.`` the whole root. One that leaves the root (``../docs``, ``/docs``) is refused:
    cutting its dots or slash away named a different folder (the CLI has already made a
    path that exists from the current folder relative to the root)."""
    norm = posixpath.normpath(path.strip())
    if norm == ".." or norm.startswith(("../", "/")):
        raise InvalidParams(f"invalid params: 'paths': {path!r} is not below the workspace root "
                            "(a path is a prefix from the root)", data={"param": "paths"})
    return "" if norm == "." else norm


def _below(path: str, root: str) -> str | None:
    """``path`` (absolute) relative to ``root`` when it lies inside it (``.`` for the root
    itself), else None. Links are followed on both sides: a root is stored resolved."""
    given = os.path.normpath(path.strip())
    for p in dict.fromkeys((given, os.path.realpath(given))):
        for r in dict.fromkeys((os.path.normpath(root), os.path.realpath(root))):
            if p == r:
                return "."
            if p.startswith(r.rstrip(os.sep) + os.sep):
                return os.path.relpath(p, r).replace(os.sep, "/")
    return None


def rooted(paths, workspaces: list) -> tuple[object, list]:
    """``paths`` with each absolute entry that lies inside a searched workspace's root made
    its root-relative prefix (an agent passes ``/abs/root/src/x`` as readily as
    ``src/x``), and the workspaces (rows with ``name`` and ``root``) the search covers.
    Over several workspaces one prefix applies to all of them, so absolute paths narrow
    the search to the one workspace that holds them; paths in several workspaces, or
    mixed with root-relative ones, are refused rather than read as something else. An
    absolute path outside every root is left for :func:`_prefix` to refuse."""
    given = [paths] if isinstance(paths, str) else paths
    if not isinstance(given, (list, tuple)) or not all(isinstance(p, str) for p in given):
        return paths, workspaces  # Filters.build says what is wrong with it
    owners: dict[str, list] = {}
    for p in given:
        if os.path.isabs(os.path.expanduser(p.strip())):
            owners[p] = [(ws, rel) for ws in workspaces
                         if (rel := _below(os.path.expanduser(p), ws.root)) is not None]
    if not owners or not all(owners.values()):
        return paths, workspaces
    if len(workspaces) > 1:
        names = sorted({ws.name for found in owners.values() for ws, _ in found})
        if len(names) > 1 or len(owners) < len(given):
            why = (f"lie in several searched workspaces ({', '.join(names)})" if len(names) > 1
                   else "are mixed with root-relative prefixes")
            raise InvalidParams(f"invalid params: 'paths': absolute paths {why}, while one set of prefixes "
                                "applies to every workspace searched; search one workspace at a time",
                                data={"param": "paths", "workspaces": names})
        workspaces = [owners[next(iter(owners))][0][0]]
    return [owners[p][0][1] if p in owners else p for p in given], workspaces


@record
class Filters:
    paths: tuple[str, ...] = ()
    path_globs: tuple[str, ...] = ()
    tags_any: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()

    @classmethod
    def build(cls, paths=None, path_globs=None, tags_any=None, languages=None, kinds=None) -> "Filters":
        tags = _strings("tags_any", tags_any)
        for t in tags:
            if t not in TAGS:
                raise InvalidParams(f"invalid params: 'tags_any' accepts {', '.join(TAGS)}, got {t!r}",
                                    data={"param": "tags_any"})
        prefixes = tuple(_prefix(p) for p in _strings("paths", paths))
        return cls(prefixes, _strings("path_globs", path_globs), tags,
                   tuple(x.lower() for x in _strings("languages", languages)),
                   tuple(x.lower() for x in _strings("kinds", kinds)))  # kinds are the grammar's lower-case words

    def glob_matcher(self):
        """A predicate on relative paths for ``path_globs``, or None when there are none."""
        if not self.path_globs:
            return None
        pos = [g for g in self.path_globs if not g.startswith("!")]
        neg = [g[1:] for g in self.path_globs if g.startswith("!") and len(g) > 1]
        import pathspec  # ~8 ms to import: only a search with --glob needs it

        try:
            include = pathspec.GitIgnoreSpec.from_lines(pos) if pos else None
            exclude = pathspec.GitIgnoreSpec.from_lines(neg) if neg else None
        except Exception as exc:  # pathspec raises assorted errors on malformed patterns
            raise InvalidParams(f"invalid params: 'path_globs': {exc}", data={"param": "path_globs"}) from None

        def ok(path: str) -> bool:
            if include is not None and not include.match_file(path):
                return False
            return not (exclude is not None and exclude.match_file(path))

        return ok

    def chunk_filter(self) -> ChunkFilter:
        """What the store filters by (made once: the glob matcher is built here)."""
        return self._chunk_filter

    @cached_property
    def _chunk_filter(self) -> ChunkFilter:
        return ChunkFilter(self.paths, self.tags_any, self.languages, self.kinds, self.glob_matcher())
