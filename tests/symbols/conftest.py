"""Fixture projects under tests/corpora/<lang>/, indexed once per test session by the
real indexer into a temporary store."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from lode.store import Store
from lode.workspace import WorkspaceConfig, index_workspace

CORPORA = Path(__file__).resolve().parent.parent / "corpora"
LANGUAGES = sorted(p.name for p in CORPORA.iterdir() if p.is_dir())
MARKER = re.compile(r"(?:#|//|--)\s*lode(-ref|-impl)?:\s*(.+?)\s*$")


@dataclass(frozen=True)
class Marker:
    kind: str          # "def" | "ref" | "impl"
    names: tuple[str, ...]
    path: str          # relative to the corpus root
    line: int          # the marker's own line


def markers(lang: str) -> list[Marker]:
    out = []
    root = CORPORA / lang
    for f in sorted(root.rglob("*")):
        if not f.is_file() or f.suffix in (".toml", ".json", ".mod"):
            continue
        for i, line in enumerate(f.read_text().splitlines(), 1):
            m = MARKER.search(line)
            if m:
                kind = {"-ref": "ref", "-impl": "impl"}.get(m.group(1) or "", "def")
                out.append(Marker(kind, tuple(m.group(2).split()), f.relative_to(root).as_posix(), i))
    return out


def next_code_line(root: Path, path: str, line: int) -> int:
    """The first line after ``line`` that is not blank and not a comment."""
    lines = (root / path).read_text().splitlines()
    for j in range(line, len(lines)):
        s = lines[j].strip()
        if s and not s.startswith(("#", "//", "--")):
            return j + 1
    raise AssertionError(f"{path}:{line}: marker at end of file")


@pytest.fixture(scope="session")
def corpus_store(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("symbols") / "lode.db")
    for lang in LANGUAGES:
        ws = store.add_workspace(lang, str(CORPORA / lang), WorkspaceConfig().to_dict())
        index_workspace(store, ws, workers=0)
    yield store
    store.close()
