"""What a file's surroundings say about its module: marker files (``__init__.py``,
``go.mod``, ``Cargo.toml``, ``package.json``) and the manifests' text, cached. What a
manifest means is the language's business (``lode/languages/<lang>/manifest.py``).

Paths are POSIX paths relative to the workspace root; nothing above the root is read.
"""

from __future__ import annotations

import os
import posixpath
import time
from functools import lru_cache


class Layout:
    """A workspace root on disk, or an in-memory map of files (for tests)."""

    def __init__(self, root: str | os.PathLike | None = None, files: dict[str, str] | None = None):
        self.root = os.fspath(root) if root is not None else None
        self._files = files
        self.exists = lru_cache(maxsize=65536)(self._exists)
        self.read = lru_cache(maxsize=4096)(self._read)
        self._parsed: dict[tuple[object, str], object] = {}

    def _exists(self, rel: str) -> bool:
        if self._files is not None:
            return rel in self._files
        return self.root is not None and os.path.isfile(os.path.join(self.root, rel))

    def _read(self, rel: str) -> str | None:
        if self._files is not None:
            return self._files.get(rel)
        if self.root is None:
            return None
        try:
            with open(os.path.join(self.root, rel), encoding="utf-8", errors="replace") as f:
                return f.read(65536)
        except OSError:
            return None

    def nearest(self, rel_dir: str, marker: str) -> str | None:
        """The closest directory at or above ``rel_dir`` (within the root) holding
        ``marker``; ``""`` is the root itself."""
        d = rel_dir
        while True:
            if self.exists(posixpath.join(d, marker) if d else marker):
                return d
            if not d:
                return None
            d = posixpath.dirname(d)

    def manifest(self, rel_dir: str, filename: str) -> tuple[str, str] | None:
        """The nearest manifest named ``filename`` at or above ``rel_dir``: (its
        directory, its text). A language's folder parses it (``go/manifest.py``)."""
        d = self.nearest(rel_dir, filename)
        if d is None:
            return None
        return d, self.read(posixpath.join(d, filename) if d else filename) or ""

    def parsed(self, parse, rel_dir: str):
        """``parse(self, rel_dir)`` (a language's reading of the manifest that governs
        ``rel_dir``), once per directory for as long as this layout lives: every file of
        a package or module asks."""
        key = (parse, rel_dir)
        try:
            return self._parsed[key]
        except KeyError:
            found = self._parsed[key] = parse(self, rel_dir)
            return found


_layouts: dict[str, tuple[float, Layout]] = {}
LAYOUT_SECONDS = 30.0  # markers rarely change within a run; a daemon sees changes soon


def layout_for(root: str | os.PathLike | None) -> Layout:
    """A cached :class:`Layout` per root per process, renewed every few seconds."""
    if root is None:
        return Layout()
    key = os.fspath(root)
    now = time.monotonic()
    hit = _layouts.get(key)
    if hit is None or now - hit[0] > LAYOUT_SECONDS:
        if len(_layouts) > 16:
            _layouts.clear()
        hit = _layouts[key] = (now, Layout(key))
    return hit[1]
