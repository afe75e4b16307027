"""A description asks for the public face of a mechanism before the private module
behind it: click's termui.py (prompt, progressbar) over _termui_impl.py, pydantic's
fields.py over _internal/_fields.py, gson's JsonElement over internal/bind/. The
fixture is termkit, a terminal helper package laid out as click is."""

from __future__ import annotations

import shutil

import pytest

from lode.search import ranking
from lode.service import Service

from .conftest import PROJECTS

QUERY = "progress bar while iterating"


@pytest.fixture(scope="module")
def termkit(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("private-modules")
    shutil.copytree(PROJECTS / "termkit", tmp / "termkit")
    svc = Service(tmp / "lode.db")
    assert svc.index(str(tmp / "termkit"), embed=False)["refused"] == 0
    yield svc
    svc.close()


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
    ("include/fmt/detail/format.h", ("include/fmt/detail",)),
    ("pydantic/__init__.py", ()),          # a dunder module is the package's own face
    ("pkg/internal.go", ()),               # a file named internal is no folder of them
    ("aiohttp/web.py", ()),
])
def test_what_a_project_marks_private(path, marks):
    assert ranking.private_marks(path) == marks


def _rows(paths, prose=()):
    return [{"path": p, "tag": "prose" if p in prose else "code"} for p in paths]


def test_a_private_package_holding_the_project_is_its_own_code():
    # pytest's code lives in src/_pytest: that folder is the project, not a corner of it;
    # its own private subpackage (_code) still is one.
    rows = _rows(["src/_pytest/python.py", "src/_pytest/fixtures.py", "src/_pytest/main.py",
                  "src/_pytest/runner.py", "src/_pytest/_code/code.py", "src/pytest/__init__.py",
                  "testing/test_python.py", "testing/test_fixtures.py", "doc/en/fixture.rst"],
                 prose={"doc/en/fixture.rst"})
    private = ranking.private_paths(rows)
    assert not private["src/_pytest/python.py"] and not private["src/pytest/__init__.py"]
    assert private["src/_pytest/_code/code.py"]


def test_a_large_internal_package_is_still_private():
    # gson keeps most of its classes under internal/; the public API is the package above.
    base = "src/main/java/com/google/gson/"
    rows = _rows([base + "Gson.java", base + "JsonElement.java", base + "internal/Streams.java",
                  base + "internal/bind/TypeAdapters.java", base + "internal/bind/JsonTreeReader.java"])
    private = ranking.private_paths(rows)
    assert not private[base + "Gson.java"]
    assert private[base + "internal/Streams.java"] and private[base + "internal/bind/TypeAdapters.java"]
