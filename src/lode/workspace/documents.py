"""A workspace file's text (``doc.read``), confined to the workspace, in bounded pieces.

Paths are resolved against the workspace root and refused (-32602 naming ``path``) when
they resolve outside it — ``..``, absolute paths and symlinks included. Derived formats
(.html/.htm/.docx) are served as their derived Markdown text, marked read-only. Text
longer than one read's limit is cut at a paragraph end (else a line end) and followed by
a marker line saying where to continue.
"""

from __future__ import annotations

import os
from collections import namedtuple

from ..errors import FileRefused, InvalidParams, NotFound
from .roots import holding, within

DEFAULT_READ_CHARS = 40_000
MAX_READ_CHARS = 1_000_000


# A workspace a document is read in: its name and real (symlink-free) absolute path (a
# named tuple: the service imports this module, and a dataclass cost every command
# ~0.5 ms to define).
Root = namedtuple("Root", "name path")


def resolve_root(roots: list[Root], workspace: str | None, path: str, among=None) -> Root:
    """The workspace a request's ``path`` is read in — one rule for the daemon's
    ``doc.read``, ``file.outline`` and ``ast.query`` and the MCP server's ``read``,
    ``list_file_symbols`` and ``query_ast``: the named one, else the one holding an
    absolute path, else the only one there is, else (several workspaces and a relative
    path, as agents pass a hit's path) the one workspace holding that file; a file
    several hold, or none, is an error naming the workspaces. ``among`` (names) limits
    that last look to a caller's own project (``lode mcp --root``, several times)."""
    if workspace is not None:
        for r in roots:
            if workspace in (r.name, r.path) or os.path.realpath(workspace) == r.path:
                return r
        raise NotFound(f"no workspace named {workspace!r}", data={"param": "workspace"})
    if os.path.isabs(path):
        found = holding(path, roots, lambda r: r.path)
        if found is not None:
            return found
        raise InvalidParams(f"invalid params: 'path' {path!r} is outside every workspace",
                            data={"param": "path"})
    if not roots:
        raise NotFound("no workspace has been added", data={"param": "workspace"})
    looked = [r for r in roots if among is None or r.name in among] or roots
    if len(looked) == 1:
        return looked[0]
    names = ", ".join(sorted(r.name for r in looked))
    if os.path.normpath(path) == ".":  # every workspace holds its own root
        raise InvalidParams(f"invalid params: 'workspace' is needed with a relative path when "
                            f"there are several workspaces ({names})", data={"param": "workspace"})
    found = [r for r in looked if os.path.lexists(os.path.join(r.path, path))]
    if len(found) == 1:
        return found[0]
    if found:
        raise InvalidParams(f"invalid params: {path!r} is in several workspaces "
                            f"({', '.join(sorted(r.name for r in found))}): name one as 'workspace'",
                            data={"param": "workspace"})
    raise NotFound(f"no such file in any workspace ({names}): {path}", data={"path": path})


def confine(root: Root, path: str) -> tuple[str, str]:
    """(absolute real path, path relative to the root), or -32602 if outside."""
    candidate = path if os.path.isabs(path) else os.path.join(root.path, path)
    real = os.path.realpath(candidate)
    if not within(real, root.path):
        raise InvalidParams(f"invalid params: 'path' {path!r} is outside workspace "
                            f"{root.name!r} ({root.path})", data={"param": "path", "path": path})
    return real, os.path.relpath(real, root.path)


def derive(path: str) -> str:
    """The derived Markdown text of an .html/.htm/.docx file — the text the index holds."""
    from ..chunking.derive import derive as derive_markdown
    from ..chunking.reader import read_bytes

    return derive_markdown(path, read_bytes(path))


def _deriver_plugin(path: str):
    from .chunkers import plugin_for

    return plugin_for("deriver", path)


def _plugin_text(reg, path: str) -> str:
    """A deriver plug-in's text of ``path`` (what the index holds for it)."""
    from ..chunking.reader import read_bytes
    from .pipeline import MAX_DERIVED_FILE_BYTES

    try:
        return reg.impl.derive(path, read_bytes(path, MAX_DERIVED_FILE_BYTES))
    except FileRefused:
        raise
    except Exception as exc:
        raise FileRefused(path, f"deriver plug-in {reg.name!r} (package {reg.package}) failed: "
                                f"{type(exc).__name__}: {exc}") from None


def read(root: Root, path: str, *, offset: int = 0, limit: int = DEFAULT_READ_CHARS,
         line_start: int | None = None, line_end: int | None = None) -> dict:
    if offset < 0:
        raise InvalidParams("invalid params: 'offset' must be >= 0", data={"param": "offset"})
    if not 0 < limit <= MAX_READ_CHARS:
        raise InvalidParams(f"invalid params: 'limit' must be between 1 and {MAX_READ_CHARS}",
                            data={"param": "limit"})
    # The readers load on a read, not with the service (a symbol look-up never needs them).
    from ..chunking.derive import DERIVED_EXTENSIONS
    from ..chunking.reader import read_text

    real, rel = confine(root, path)
    if not os.path.exists(real):
        raise NotFound(f"no such file in workspace {root.name!r}: {rel}", data={"path": rel})
    derived = os.path.splitext(real)[1].lower() in DERIVED_EXTENSIONS
    plugin = None if derived else _deriver_plugin(real)
    text = derive(real) if derived else _plugin_text(plugin, real) if plugin else read_text(real)
    derived = derived or plugin is not None
    first_line = 1
    if line_start is not None or line_end is not None:
        lines = text.splitlines(keepends=True)
        lo = max(1, line_start or 1)
        hi = min(len(lines), line_end or len(lines))
        text = "".join(lines[lo - 1:hi])
        first_line = lo
    piece, next_offset = window(text, offset, limit)
    result = {"workspace": root.name, "path": rel, "text": piece, "offset": offset,
              "next_offset": next_offset, "total_chars": len(text), "truncated": next_offset is not None,
              "derived": derived, "read_only": derived, "line_start": first_line}
    if next_offset is not None:
        result["text"] = truncation_marked(piece, next_offset, len(text))
    return result


def window(text: str, offset: int, limit: int) -> tuple[str, int | None]:
    """``text[offset:cut]`` with ``cut`` at a paragraph end within the limit when there
    is one in its second half, else a line end, else the limit itself; ``None`` as the
    next offset when the rest fits."""
    end = offset + limit
    if end >= len(text):
        return text[offset:], None
    floor = offset + limit // 2
    cut = text.rfind("\n\n", floor, end)
    if cut >= 0:
        cut += 2
    else:
        cut = text.rfind("\n", floor, end)
        cut = cut + 1 if cut >= 0 else end
    return text[offset:cut], cut


def truncation_marked(piece: str, next_offset: int, total: int) -> str:
    sep = "" if piece.endswith("\n") else "\n"
    return (f"{piece}{sep}[… truncated: {total - next_offset} more characters of {total}; "
            f"read on with offset={next_offset}]\n")
