"""Search filters validated once and turned into SQL over ``files f`` and
``chunks c``: ``paths`` (prefixes relative to a workspace root), ``path_globs``
(gitignore-style; a leading ``!`` excludes), ``tags_any`` (``code``/``prose``),
``languages``, ``kinds``."""

from __future__ import annotations

from dataclasses import dataclass

import pathspec

from ..errors import InvalidParams

TAGS = ("code", "prose")


def _strings(name: str, value) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise InvalidParams(f"invalid params: '{name}' must be a list of strings", data={"param": name})
    return tuple(v for v in value if v.strip())


def _like_prefix(p: str) -> str:
    return p.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


@dataclass(frozen=True)
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
        prefixes = tuple(p.strip().lstrip("./").rstrip("/") if p.strip() not in (".", "./") else ""
                         for p in _strings("paths", paths))
        return cls(prefixes, _strings("path_globs", path_globs), tags,
                   tuple(x.lower() for x in _strings("languages", languages)), _strings("kinds", kinds))

    def glob_matcher(self):
        """A predicate on relative paths for ``path_globs``, or None when there are none."""
        if not self.path_globs:
            return None
        pos = [g for g in self.path_globs if not g.startswith("!")]
        neg = [g[1:] for g in self.path_globs if g.startswith("!") and len(g) > 1]
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

    def sql(self) -> tuple[str, list]:
        """A WHERE fragment (starting with AND, or empty) and its parameters."""
        where, args = [], []
        if self.paths and "" not in self.paths:
            ors = []
            for p in self.paths:
                ors.append("(f.path = ? OR f.path LIKE ? ESCAPE '\\')")
                args += [p, _like_prefix(p) + "/%"]
            where.append("(" + " OR ".join(ors) + ")")
        for column, values in (("f.tag", self.tags_any), ("f.language", self.languages), ("c.kind", self.kinds)):
            if values:
                where.append(f"{column} IN ({','.join('?' * len(values))})")
                args += list(values)
        if self.path_globs:
            where.append("lode_path_ok(f.path)")
        return ("".join(" AND " + w for w in where), args)
