"""docs/architecture.md stays true: every module, folder and test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"

# `lode/store/sqlite.py`, `lode/cli/`, `tests/test_architecture.py`, and in the pipeline
# drawing the short form `workspace/walk.py` (below src/lode).
_PATH = re.compile(r"(?<![\w./-])((?:lode/|tests/)?[a-z_]+(?:/[a-z_]+)*(?:\.py|/))(?![\w/])")


def _named_paths(text: str) -> set[str]:
    """Paths with a folder in them (a bare ``symbols.py`` is a file in every language
    folder, not one module)."""
    return {m for m in _PATH.findall(text) if "/" in m.rstrip("/")}


def _where(path: str) -> Path:
    if path.startswith("tests/"):
        return ROOT / path
    if path.startswith("lode/"):
        return ROOT / "src" / path
    return ROOT / "src" / "lode" / path


def test_every_module_the_architecture_page_names_exists():
    named = _named_paths(DOC.read_text(encoding="utf-8"))
    assert len(named) > 30, sorted(named)   # the page names the pipeline's modules
    missing = sorted(p for p in named if not _where(p).exists())
    assert not missing, f"docs/architecture.md names modules that do not exist: {missing}"


def test_the_path_reader_finds_paths_and_only_paths():
    text = ("see `lode/store/sqlite.py` and `lode/cli/`; walk.py at workspace/walk.py; "
            "tests in `tests/test_architecture.py`; not search.md or a/b")
    assert _named_paths(text) == {"lode/store/sqlite.py", "lode/cli/", "workspace/walk.py",
                                  "tests/test_architecture.py"}
    assert not _where("lode/store/nonexistent.py").exists()
