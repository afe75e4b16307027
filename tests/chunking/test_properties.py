"""Property tests: whatever is done to a real fixture file — truncated, cut, or given
stray brackets, quotes and keywords — the chunks still partition it losslessly with
correct line numbers, and the chunker never raises."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lode.chunking import chunk_file
from partition import assert_partition

FIXTURES = Path(__file__).parent / "fixtures"
FILES = sorted(p for p in FIXTURES.rglob("*") if p.is_file())
NOISE = ["{", "}", "(", ")", "[", "]", '"', "'", "`", "/*", "*/", '"""', "\n\n", "\n",
         "def ", "func ", "class ", "fn ", "impl ", "pub ", "#", "//", "@", ":", ";", "\t",
         "é", "日本", "\r\n", "=>"]

fixture = st.sampled_from(FILES)


def _chunk(path: Path, text: str):
    chunks = chunk_file(path.relative_to(FIXTURES).as_posix(), text)
    assert_partition(text, chunks)
    return chunks


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fixture, st.floats(0, 1))
def test_truncated_files_still_partition(path, fraction):
    text = path.read_text(encoding="utf-8")
    _chunk(path, text[: int(len(text) * fraction)])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fixture, st.lists(st.tuples(st.floats(0, 1), st.sampled_from(NOISE)), min_size=1, max_size=6))
def test_noisy_files_still_partition(path, edits):
    text = path.read_text(encoding="utf-8")
    for where, noise in edits:
        i = int(len(text) * where)
        text = text[:i] + noise + text[i:]
    _chunk(path, text)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fixture, st.floats(0, 1), st.floats(0, 0.3))
def test_files_with_a_span_cut_out_still_partition(path, where, length):
    text = path.read_text(encoding="utf-8")
    i = int(len(text) * where)
    j = min(len(text), i + int(len(text) * length))
    _chunk(path, text[:i] + text[j:])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([".go", ".py", ".rs", ".ts", ".tsx", ".js", ".zig", ".md", ".yaml", ".txt", ".c", ".java"]),
       st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_arbitrary_text_partitions_in_every_language(ext, text):
    chunks = chunk_file("x" + ext, text)
    assert_partition(text, chunks)
