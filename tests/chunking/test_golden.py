"""Golden chunks for realistic fixture files in every language.

Each fixture under ``fixtures/`` has a ``golden/<path>.jsonl`` with one chunk per line.
Run ``python -m pytest tests/chunking --update-golden`` to rewrite them after an intended
change, then read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lode.chunking import chunk_file
from partition import assert_partition

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
GOLDEN = HERE / "golden"
FILES = sorted(p.relative_to(FIXTURES).as_posix() for p in FIXTURES.rglob("*") if p.is_file())


def _rows(rel: str) -> list[dict]:
    text = (FIXTURES / rel).read_text(encoding="utf-8")
    chunks = chunk_file(rel, text)
    assert_partition(text, chunks)
    return [
        {"lines": [c.line_start, c.line_end], "kind": c.kind, "name": c.name,
         "breadcrumb": c.breadcrumb, "embed": c.embed, "chunker": c.chunker}
        for c in chunks
    ]


@pytest.mark.parametrize("rel", FILES)
def test_golden(rel: str, request):
    rows = _rows(rel)
    golden = GOLDEN / (rel + ".jsonl")
    if request.config.getoption("--update-golden"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        return
    assert golden.exists(), f"no golden file for {rel}: run with --update-golden"
    expected = [json.loads(line) for line in golden.read_text(encoding="utf-8").splitlines()]
    assert rows == expected


def test_every_language_has_a_fixture():
    exts = {Path(f).suffix for f in FILES}
    assert {".go", ".py", ".rs", ".ts", ".tsx", ".mjs", ".cjs", ".zig", ".c", ".md", ".yaml", ".txt"} <= exts
