"""A long .gitignore (language templates pasted together: hundreds of patterns) made the
walk check every path against every pattern in Python: a no-op re-index of 10k files
spent 0.54 CPU s walking instead of 0.07. pathspec matches all of a file's patterns at
once with RE2 when google-re2 is installed (a Linux dependency); the walk must admit
exactly what pathspec's own matcher admits, negations and directory patterns included."""

from __future__ import annotations

import sys
import time

import pathspec
import pytest

from lode.workspace import walk as walk_module
from lode.workspace.config import WorkspaceConfig

EXTENSIONS = ["pyc", "pyo", "so", "egg", "log", "tmp", "swp", "bak", "class", "o", "dll", "exe", "out",
              "cache", "lock", "pid", "seed", "coverage", "lcov", "orig"]


def _tree(root) -> None:
    patterns = [f"*.{ext}" for ext in EXTENSIONS] + [f"**/*.{ext}" for ext in EXTENSIONS]
    patterns += [f"/build{i}/" for i in range(60)] + [f"docs/_build{i}/" for i in range(60)]
    patterns += [f"**/generated{i}/" for i in range(60)] + [f"!keep{i}.md" for i in range(40)]
    patterns += ["*.md", "!pkg3/**/*.md", "pkg3/sub/secret.md", "**/cache/"]
    (root / ".gitignore").write_text("\n".join(patterns) + "\n")
    for d in range(20):
        pkg = root / f"pkg{d}"
        (pkg / "sub").mkdir(parents=True)
        for f in range(100):
            (pkg / f"m{f}.py").write_text(f"def f{f}():\n    return {f}\n")
        for name in ("notes.md", "keep3.md", "x.log"):
            (pkg / "sub" / name).write_text("# note\n")
        (pkg / "sub" / "secret.md").write_text("# secret\n")
        (pkg / "cache").mkdir()
        (pkg / "cache" / "c.py").write_text("x = 1\n")
    for i in (3, 7):
        (root / f"build{i}").mkdir()
        (root / f"build{i}" / "gen.py").write_text("y = 2\n")
        (root / "docs" / f"_build{i}").mkdir(parents=True)
        (root / "docs" / f"_build{i}" / "page.md").write_text("# page\n")


def _walk(root, backend: str | None, cached: bool = False) -> tuple[list[str], float]:
    if not cached:  # compiled .gitignore files are kept (walk._gitignore): compile with this backend
        walk_module._gitignores.clear()
    saved = walk_module._spec
    if backend is not None:
        walk_module._spec = lambda lines: pathspec.GitIgnoreSpec.from_lines(lines, backend=backend)
    try:
        started = time.process_time()
        paths = sorted(e.path for e in walk_module.walk(str(root), WorkspaceConfig(code=True)))
        return paths, time.process_time() - started
    finally:
        walk_module._spec = saved


@pytest.mark.skipif(sys.platform != "linux", reason="google-re2 is a dependency on Linux only")
def test_a_long_gitignore_is_matched_at_once_with_the_same_answers(tmp_path):
    _tree(tmp_path)
    (walked, cpu), again = _walk(tmp_path, None), _walk(tmp_path, None, cached=True)  # the first compiles
    (simple, simple_cpu), simple_again = _walk(tmp_path, "simple"), _walk(tmp_path, "simple", cached=True)
    cpu, simple_cpu = min(cpu, again[1]), min(simple_cpu, simple_again[1])
    assert walked == simple
    assert "pkg3/sub/notes.md" in walked and "pkg3/sub/keep3.md" in walked
    assert "pkg4/sub/keep3.md" not in walked  # the later *.md wins over the earlier !keep3.md
    assert "pkg3/sub/secret.md" not in walked and "pkg1/cache/c.py" not in walked
    assert not [p for p in walked if p.startswith(("build3/", "docs/_build7/")) or p.endswith(".log")]
    assert len(walked) == 20 * 100 + 2
    assert cpu < simple_cpu / 2, (cpu, simple_cpu)


def test_a_gitignore_too_large_for_re2_falls_back_to_the_pattern_by_pattern_matcher(tmp_path):
    """RE2 gives up on some pattern sets (500 lines of many wildcards, ~50k plain
    names): the walk ended in re2's 'failed to compile Set' traceback; it now matches
    them one by one, with the same answers."""
    patterns = ["**/" + "*x" * 20 + f"{i}" for i in range(500)] + ["*.log", "!keep.log", "skip/"]
    (tmp_path / ".gitignore").write_text("\n".join(patterns) + "\n")
    (tmp_path / "skip").mkdir()
    (tmp_path / "skip" / "a.py").write_text("x = 1\n")
    (tmp_path / "app.py").write_text("def run():\n    return 0\n")
    (tmp_path / "xaxbx3.py").write_text("y = 2\n")
    walked, _ = _walk(tmp_path, None)
    simple, _ = _walk(tmp_path, "simple")
    assert walked == simple == ["app.py", "xaxbx3.py"]
