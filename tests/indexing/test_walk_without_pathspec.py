"""A no-op re-index of Go's tree spent ~0.13 of its ~0.45 CPU s importing pathspec, for
the default exclude globs (``.git/**``, ``**/node_modules/**``, ``vendor/**`` …) and two
.gitignore files whose patterns (``._*``, ``.*.swp``, ``*.o``, ``core``) name files by how
their names start and end. The walk now matches such patterns itself and loads pathspec
only for others; it must admit exactly what pathspec admits."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pathspec
import pytest

from lode.workspace import walk as walk_module
from lode.workspace.config import WorkspaceConfig

GITIGNORE = "_obj/\nunix.test\n*.o\n*.a\n._*\n.nfs.*\na.out\n*~\n*.orig\n.*.swp\ncore\ndemangle.test\n"


def test_a_walk_with_the_default_rules_and_plain_gitignores_does_not_load_pathspec(tmp_path):
    root = tmp_path / "shop"
    (root / "cmd" / "vendor" / "unix").mkdir(parents=True)
    (root / "cmd" / "vendor" / "unix" / ".gitignore").write_text(GITIGNORE)
    (root / "cmd" / "vendor" / "unix" / "syscall.go").write_text("package unix\n")
    (root / "cmd" / "vendor" / "unix" / "._syscall.go").write_text("package unix\n")
    (root / "cmd" / "vendor" / "unix" / "x.o").write_text("package unix\n")
    (root / "node_modules" / "left").mkdir(parents=True)
    (root / "node_modules" / "left" / "index.js").write_text("module.exports = 1;\n")
    (root / "vendor").mkdir()
    (root / "vendor" / "dep.go").write_text("package dep\n")
    (root / "main.go").write_text("package main\n")
    code = ("import json, sys\nfrom lode.workspace.config import WorkspaceConfig\nfrom lode.workspace.walk import walk\n"
            f"paths = sorted(e.path for e in walk({str(root)!r}, WorkspaceConfig()))\n"
            "print(json.dumps([paths, 'pathspec' in sys.modules]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    paths, loaded = json.loads(out)
    assert paths == ["cmd/vendor/unix/syscall.go", "main.go"]
    assert not loaded


NAMES = ["a", "core", "core.1", "x.o", ".o", "._x", "._", ".nfs.12", ".nfs", "a.swp", ".a.swp", "..swp",
         ".swp", "node_modules", "vendor", "build", "b~", "~", "lib.orig", "_obj", "a.out", "pkg"]


def _paths():
    for n in range(1, 4):
        for parts in itertools.product(NAMES[:12] if n == 3 else NAMES, repeat=n):
            sub = "/".join(parts)
            yield sub
            yield sub + "/"


@pytest.mark.parametrize("lines", [
    GITIGNORE.splitlines(),
    ["._*", ".nfs.*", ".*.swp", "core*", "a*.out", "*~", "x*o"],
    ["*.o", "core", "build/", "/vendor", "lib*", "pkg/core*"],
])
def test_gitignore_patterns_decide_as_pathspec_does(lines):
    ours = walk_module._Ignore(lines)
    theirs = pathspec.GitIgnoreSpec.from_lines(lines)
    for sub in _paths():
        assert ours.decide(sub) == theirs.check_file(sub).include, (lines, sub)


@pytest.mark.parametrize("patterns", [
    WorkspaceConfig(code=True).patterns_exclude(),
    WorkspaceConfig(code=False).patterns_exclude(),
    ["**/a/core/**", "x.o/**", "**/pkg/**"],
])
def test_folder_excludes_match_as_pathspec_does(patterns):
    ours = walk_module._Exclude(patterns)
    assert ours.rooted is not None  # matched without pathspec
    theirs = pathspec.GitIgnoreSpec.from_lines(patterns)
    for sub in _paths():
        rel = sub.rstrip("/")
        assert ours.dir(rel) == theirs.match_file(rel + "/"), (patterns, rel)
        assert not ours.file(rel)
