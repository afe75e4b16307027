"""A name given as a location: `path:LINE`, `path:LINE:COLUMN` (a compiler's, a trace's
or a search hit's) or `path#LLINE` (a code host's link). Its own small module: the CLI
reads it before a look-up (a path typed in a subfolder) without importing the service."""

from __future__ import annotations

# the path holds a dot or a slash, which no line does
_PATTERN = r"^(?P<path>[^:#\s][^:#]*[./][^:#]*)(?P<at>(?::|#L)(?P<line>\d+)(?::(?P<column>\d+))?)$"
_compiled = []  # the pattern, compiled once a name may be a location: re loads only then


def _match(name):
    if not isinstance(name, str) or not name[-1:].isdigit() or not ("#L" in name or ":" in name):
        return None
    if not _compiled:
        import re  # ~25 M instructions, with enum: a look-up a daemon answers need not pay them

        _compiled.append(re.compile(_PATTERN))
    m = _compiled[0].match(name.strip().strip("`"))
    return m if m is not None and int(m["line"]) >= 1 else None


def location(name) -> tuple[str, int, int | None] | None:
    """(path, 1-based line, 1-based column or None) when ``name`` is a location."""
    m = _match(name)
    return None if m is None else (m["path"], int(m["line"]), int(m["column"]) if m["column"] else None)


def with_path(name: str, path: str) -> str:
    """``name``, a location, naming ``path`` instead of its own (line and column kept)."""
    return path + _match(name)["at"]
