"""A pasted report names a function to change, and a long function is cut into several
chunks. Here the report asks for a short form of `--dry-run`: the option is declared in
add_options, a 85-line table of parser.add_argument calls that the chunker cuts in two,
while short_flag, a three-line helper, holds several of the report's words in little
text. Read as one definition — its best part plus the other part's evidence — and listed
once by its head, add_options is the first hit."""

from __future__ import annotations

import shutil

import pytest

from lode.search import lexical
from lode.service import Service

from .conftest import PROJECTS, indexed_project

ISSUE = '''--dry-run needs a one-letter shortcut

The `--dry-run` option of the archive command has no short form, while most options
have one: `-v` for `--verbose`, `-x` for `--exclude`, `-o` for the output. I would like
`-n` for `--dry-run`, as rsync and make have: I check which files an archive would hold
before every run, and typing the long option each time is tedious.
'''


@pytest.fixture(scope="module")
def archiver(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "archiver")


def _hits(svc, limit=10) -> list[tuple[str, str, int]]:
    return [(h["path"], h["name"], h["line_start"]) for h in svc.search(ISSUE, "archiver", limit=limit)["hits"]]


def _parts(svc) -> list[int]:
    """The first lines of add_options' chunks (the fixture's function is cut in two)."""
    store = svc.store
    return [r[0] for r in store.db.execute(
        "SELECT c.line_start FROM chunks c JOIN files f ON f.id = c.file_id"
        " WHERE f.path = 'archiver/cli.py' AND c.name = 'add_options' ORDER BY c.ord")]


def test_the_fixture_function_is_split(archiver):
    assert len(_parts(archiver)) == 2


def test_a_split_function_is_one_hit_listed_by_its_head(archiver):
    head, tail = _parts(archiver)
    hits = _hits(archiver)
    assert hits[0] == ("archiver/cli.py", "add_options", head)
    assert ("archiver/cli.py", "add_options", tail) not in hits


def test_each_part_alone_loses_to_a_short_helper(archiver, monkeypatch):
    # what the rule has to beat: without it the parts are separate candidates
    monkeypatch.setattr(lexical, "_split_parts", lambda *args: {})
    assert _hits(archiver)[0][1] == "short_flag"


def test_split_parts_reads_the_run_of_a_definitions_chunks(archiver):
    store = archiver.store
    ids = [r[0] for r in store.db.execute(
        "SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = 'archiver/cli.py' ORDER BY c.ord")]
    names = dict(store.db.execute(f"SELECT id, name FROM chunks WHERE id IN ({','.join(map(str, ids))})"))
    runs = store.chunks.split_parts(ids, ("gap", "header"))
    parts = tuple(i for i in ids if names[i] == "add_options")
    assert runs == {i: parts for i in parts}


@pytest.fixture(scope="module")
def archiver_embedded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("archiver-embedded")
    shutil.copytree(PROJECTS / "archiver", tmp / "archiver")
    svc = Service(tmp / "lode.db")
    try:
        assert svc.index(str(tmp / "archiver"))["refused"] == 0
        yield svc
    finally:
        svc.close()


@pytest.mark.parametrize("mode", ["auto", "hybrid"])
def test_vectors_do_not_bring_a_folded_part_back(archiver_embedded, mode):
    # Every chunk has a vector here, so the vectors' neighbours include the function's
    # tail; folded into its head, it must not come back as a hit of its own.
    head, tail = _parts(archiver_embedded)
    hits = [(h["path"], h["name"], h["line_start"])
            for h in archiver_embedded.search(ISSUE, "archiver", limit=30, mode=mode)["hits"]]
    assert ("archiver/cli.py", "add_options", head) in hits
    assert ("archiver/cli.py", "add_options", tail) not in hits
