"""A description prefers the parent module of a file on the page of hits: the mechanism a
specialisation hangs off. Here a C# partial class is split over Mapper.cs (where rows
are materialized) and Mapper.Async.cs (a short asynchronous wrapper that calls it); the
wrapper's chunk is shorter, so bm25 alone puts it first."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

QUERY = "how rows are materialized into entries"


@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "ledger")


def _paths(svc, query):
    return [h["path"] for h in svc.search(query, "ledger", limit=5)["hits"]]


def test_the_partial_class_file_the_others_extend_ranks_above_them(ledger):
    paths = _paths(ledger, QUERY)
    assert paths.index("Ledger/Mapper.cs") < paths.index("Ledger/Mapper.Async.cs")


def test_without_the_rule_the_shorter_extension_wins(ledger, monkeypatch):
    monkeypatch.setattr(ranking, "parents_first", lambda scored: None)
    paths = _paths(ledger, QUERY)
    assert paths.index("Ledger/Mapper.Async.cs") < paths.index("Ledger/Mapper.cs")


def test_an_identifier_query_is_left_alone(ledger, monkeypatch):
    hits = ledger.search("MaterializeAsync", "ledger", limit=5)["hits"]
    assert hits[0]["path"] == "Ledger/Mapper.Async.cs"
    monkeypatch.setattr(ranking, "parents_first", lambda scored: None)
    assert ledger.search("MaterializeAsync", "ledger", limit=5)["hits"] == hits


@pytest.mark.parametrize("path, language, first, rest", [
    # a name that extends another file's: C#'s partial classes, a declaration file
    ("Dapper/SqlMapper.Async.cs", "csharp", ("Dapper", "SqlMapper"), [("", "Dapper")]),
    ("src/x.d.ts", "typescript", ("src", "x"), [("src", "index"), ("", "src")]),
    # the folder's index file, then the file named as the folder beside it
    ("axum/src/routing/path_router.rs", "rust", ("axum/src/routing", "mod"), [("axum/src", "routing")]),
    ("src/Data/Aeson/Encoding/Internal.hs", "haskell", ("src/Data/Aeson", "Encoding"), []),
    # an index file stands for its folder: its parent is one level up
    ("lua/lazy/core/init.lua", "lua", ("lua/lazy", "init"), [("lua", "lazy")]),
    ("pkg/sub/__init__.py", "python", ("pkg", "__init__"), [("", "pkg")]),
])
def test_where_a_files_parent_module_may_be(path, language, first, rest):
    found = ranking.parent_modules(path, language)
    assert found[0] == first
    assert found[1:] == rest


def test_a_top_level_index_file_has_no_parent():
    assert ranking.parent_modules("__init__.py", "python") == []
    assert ranking.parent_modules("mod.rs", "rust") == []
