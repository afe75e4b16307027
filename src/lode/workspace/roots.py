"""Which workspace holds a path: the one answer the service, the daemon's handlers, the
symbol look-ups, the watcher and the command line (over a daemon's ``workspace.list``)
share — a shared vocabulary the interfaces may import: the standard library's ``os``
only, so a command answered by a daemon does not load the service (~15 ms) for it.

Roots are stored as real (symlink-free) absolute paths; a path is held by the innermost
root it lies in, so a workspace nested inside another owns its own files.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing is ~3 ms to import: these are for annotations only
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import TypeVar

    T = TypeVar("T")


def within(real: str, root: str) -> bool:
    """Whether the real path ``real`` is ``root`` or lies below it."""
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def holding(path: str, items: Iterable[T], root_of: Callable[[T], str] = lambda w: w.root,
            *, real: bool = False) -> T | None:
    """The item of ``items`` (workspaces, or anything ``root_of`` gives a real root for)
    whose root holds ``path`` — the innermost when roots nest — or None. ``path`` is made
    real first unless ``real`` says it already is."""
    if not real:
        try:
            path = os.path.realpath(path)
        except FileNotFoundError:  # relative, and the current folder was deleted: in none
            return None
    inside = [it for it in items if within(path, root_of(it))]
    return max(inside, key=lambda it: len(root_of(it))) if inside else None


def empty_folder(root: str) -> bool:
    """Whether ``root`` is a folder with nothing in it (a drive's mount point while the
    drive is not mounted); False when it cannot be read: a walk says why."""
    try:
        with os.scandir(root) as entries:
            return next(entries, None) is None
    except OSError:
        return False
