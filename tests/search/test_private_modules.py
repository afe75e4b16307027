"""A description asks for the public face of a mechanism before the private module
behind it: click's termui.py (prompt, progressbar) over _termui_impl.py, pydantic's
fields.py over _internal/_fields.py, gson's JsonElement over internal/bind/. The
fixture is termkit, a terminal helper package laid out as click is."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

QUERY = "progress bar while iterating"


@pytest.fixture(scope="module")
def termkit(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "termkit")


def _hits(svc, query):
    return [(h["path"], h["name"]) for h in svc.search(query, "termkit", limit=5)["hits"]]


def test_the_public_function_ranks_above_the_private_class_behind_it(termkit):
    assert _hits(termkit, QUERY)[0] == ("termkit/termui.py", "progressbar")


def test_without_the_rule_the_private_implementation_wins(termkit, monkeypatch):
    # Its docstring repeats the description's words: that is what the public face beats.
    monkeypatch.setattr(ranking, "PRIVATE", 1.0)
    assert _hits(termkit, QUERY)[0] == ("termkit/_termui_impl.py", "ProgressBar")


def test_an_identifier_query_still_finds_the_private_definition(termkit):
    assert _hits(termkit, "ProgressBar")[0] == ("termkit/_termui_impl.py", "ProgressBar")


@pytest.mark.parametrize("path, marks", [
    ("pydantic/_internal/_fields.py", ("pydantic/_internal", "pydantic/_internal/_fields.py")),
    ("src/click/_termui_impl.py", ("src/click/_termui_impl.py",)),
    ("gson/src/main/java/com/google/gson/internal/bind/TypeAdapters.java",
     ("gson/src/main/java/com/google/gson/internal",)),
    ("include/nlohmann/detail/input/parser.hpp", ()),   # a header-only library's implementation
    ("pydantic/__init__.py", ()),          # a dunder module is the package's own face
    ("pkg/internal.go", ()),               # a file named internal is no folder of them
    ("aiohttp/web.py", ()),
])
def test_what_a_project_marks_private(path, marks):
    assert ranking.private_marks(path) == marks


def _rows(paths, prose=()):
    return [{"path": p, "tag": "prose" if p in prose else "code"} for p in paths]


def test_a_project_whose_code_is_all_private_has_no_private_corner():
    # pytest's package is src/_pytest; only its public shim src/pytest is unmarked.
    rows = _rows(["src/_pytest/python.py", "src/_pytest/fixtures.py", "src/_pytest/main.py",
                  "src/_pytest/runner.py", "src/_pytest/_code/code.py", "src/pytest/__init__.py",
                  "testing/test_python.py", "testing/test_fixtures.py", "doc/en/fixture.rst"],
                 prose={"doc/en/fixture.rst"})
    assert not any(ranking.private_paths(rows).values())


def test_estimators_in_private_modules_are_the_project_itself():
    # scikit-learn keeps each estimator in a private module its package re-exports.
    rows = _rows(["sklearn/ensemble/_forest.py", "sklearn/ensemble/_gb.py", "sklearn/ensemble/__init__.py",
                  "sklearn/linear_model/_logistic.py", "sklearn/linear_model/_ridge.py",
                  "sklearn/tree/_classes.py", "sklearn/svm/_classes.py", "sklearn/utils/_param_validation.py",
                  "sklearn/neighbors/_base.py", "sklearn/ensemble/tests/test_forest.py"])
    assert not any(ranking.private_paths(rows).values())


def test_a_large_internal_package_is_still_private():
    # gson keeps most of its classes under internal/; the public API is the package above.
    base = "src/main/java/com/google/gson/"
    rows = _rows([base + "Gson.java", base + "JsonElement.java", base + "internal/Streams.java",
                  base + "internal/bind/TypeAdapters.java", base + "internal/bind/JsonTreeReader.java",
                  "src/test/java/com/google/gson/GsonTest.java"])
    private = ranking.private_paths(rows)
    assert not private[base + "Gson.java"] and not private["src/test/java/com/google/gson/GsonTest.java"]
    assert private[base + "internal/Streams.java"] and private[base + "internal/bind/TypeAdapters.java"]
