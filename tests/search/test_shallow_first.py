"""A description prefers, among the files of a page of hits, the file higher in the module
tree: the package's current transport over the legacy copy kept under v1/ (pydantic
ships its 1.x interface that way), which reads like the description a little better
only because its chunk is shorter."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

QUERY = "how send delivers each message"


@pytest.fixture(scope="module")
def mailer(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "mailer")


def _paths(svc, query):
    return [h["path"] for h in svc.search(query, "mailer", limit=5)["hits"]]


def test_the_current_module_ranks_above_its_deeper_legacy_copy(mailer):
    paths = _paths(mailer, QUERY)
    assert paths.index("mailer/transport.py") < paths.index("mailer/v1/transport.py")


def test_without_the_rule_the_shorter_legacy_copy_wins(mailer, monkeypatch):
    monkeypatch.setattr(ranking, "SHALLOW_WEIGHT", 0.0)
    paths = _paths(mailer, QUERY)
    assert paths.index("mailer/v1/transport.py") < paths.index("mailer/transport.py")


def test_an_identifier_query_is_left_alone(mailer, monkeypatch):
    # The definition a name query asks for is found by its name, wherever it lives.
    hits = mailer.search("SmtpTransport", "mailer", limit=5)["hits"]
    monkeypatch.setattr(ranking, "SHALLOW_WEIGHT", 0.0)
    assert mailer.search("SmtpTransport", "mailer", limit=5)["hits"] == hits
    assert hits[0]["path"] == "mailer/backends/smtp/transport.py"


@pytest.mark.parametrize("path, language, depth", [
    ("mailer/backends/smtp/__init__.py", "python", 2),   # the package smtp, two levels down
    ("mailer/backends/smtp/transport.py", "python", 3),
    ("axum/src/routing/mod.rs", "rust", 2),
    ("packages/ui/src/index.ts", "typescript", 2),
    ("lua/lazy/init.lua", "lua", 1),
    ("pkg/index.go", "go", 1),                            # Go names no file after its folder
    ("README.md", None, 0),
])
def test_a_file_standing_for_its_folder_is_at_the_folders_level(path, language, depth):
    assert ranking.module_depth(path, language) == depth
