"""Which files an archive holds: paths walked, then include and exclude patterns."""

from __future__ import annotations

import fnmatch
import os


def walk(path: str, follow_symlinks: bool = False):
    """Every file below ``path`` (``path`` itself when it is a file)."""
    if os.path.isfile(path):
        yield path
        return
    for folder, _dirs, names in os.walk(path, followlinks=follow_symlinks):
        for name in sorted(names):
            yield os.path.join(folder, name)


def matches(path: str, patterns: list[str]) -> bool:
    """Whether a file matches one of the patterns (by its name or its whole path)."""
    name = os.path.basename(path)
    return any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(path, p) for p in patterns)


def select_files(paths: list[str], include: list[str], exclude: list[str]) -> list[str]:
    """The files to archive: every file below ``paths``, only those matching an include
    pattern when there is one, none matching an exclude pattern."""
    out = []
    for path in paths:
        for file in walk(path):
            if include and not matches(file, include):
                continue
            if matches(file, exclude):
                continue
            out.append(file)
    return out


def read_patterns(file: str) -> list[str]:
    """Exclude patterns from a file, one a line; blank lines and # comments skipped."""
    with open(file, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]
