"""The walk's include matcher: set lookups for ``**/*.ext`` and ``**/NAME`` globs give
pathspec's answer for files (on this repository's own tree), without pathspec's
directory rule leaking in (``**/*.org`` must not admit everything under golang.org/)."""

from __future__ import annotations

import os
from pathlib import Path

from lode.workspace.config import WorkspaceConfig
from lode.workspace.walk import _Include, _spec

ROOT = Path(__file__).resolve().parents[2]


def _files() -> list[str]:
    out = []
    for d, dirs, files in os.walk(ROOT):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x != "node_modules"]
        out += [os.path.relpath(os.path.join(d, f), ROOT) for f in files]
    return out


def test_set_lookups_agree_with_pathspec_on_files():
    patterns = WorkspaceConfig(code=True).patterns_include()
    fast, slow = _Include(patterns), _spec(patterns)
    # (under a folder named like x.org pathspec would admit every file: not compared)
    files = [f for f in _files() if "." not in os.path.dirname(f)]
    assert len(files) > 200
    assert [f for f in files if fast.match(f) != slow.match_file(f)] == []


def test_names_and_extensions_at_any_depth():
    fast = _Include(["**/*.go", "**/Makefile", "**/CMakeLists.txt", "docs/*.md"])
    assert fast.match("main.go") and fast.match("a/b/c.go")
    assert fast.match("Makefile") and fast.match("x/y/Makefile") and fast.match("src/CMakeLists.txt")
    assert fast.match("docs/intro.md") and not fast.match("other/intro.md")  # pathspec for the rest
    assert not fast.match("x/golang.org/LICENSE") and not fast.match("Makefile.am")
    assert not fast.match(".go")  # a hidden file named like the extension


def test_a_negated_pattern_keeps_gitignore_order():
    fast = _Include(["**/*.go", "!vendor/**/*.go"])
    assert fast.match("a.go") and not fast.match("vendor/x/a.go")
