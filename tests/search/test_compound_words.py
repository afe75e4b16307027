"""A description's compound word names a definition (tier 1) only as written: a
capitalised word (`OpenAPI`, `WebSocket`) is a type's name or a proper noun and names
a definition spelled the same, case included; a word written as code (`flatMap`,
`from_fn`) names its definition whatever the case of its first letter. Here
`OpenAPI schema generation` asks for the generator (openapi/utils.py get_openapi);
the endpoint function `openapi` that serves the document took the tier and ranked
first."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

QUERY = "OpenAPI schema generation"


@pytest.fixture(scope="module")
def apidocs(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "apidocs")


def _hits(svc, query):
    return [(h["path"], h["name"]) for h in svc.search(query, "apidocs", limit=5)["hits"]]


def test_a_capitalised_word_does_not_name_a_lower_case_function(apidocs):
    hits = _hits(apidocs, QUERY)
    assert hits[0] == ("app/openapi/utils.py", "get_openapi")
    assert hits.index(("app/docs.py", "openapi")) > 0


def test_read_case_blind_the_function_takes_the_tier(apidocs, monkeypatch):
    monkeypatch.setattr(ranking, "names_as_typed", lambda word, name: True)
    assert _hits(apidocs, QUERY)[0] == ("app/docs.py", "openapi")


def test_the_identifier_itself_still_finds_the_function(apidocs):
    assert _hits(apidocs, "openapi")[0] == ("app/docs.py", "openapi")


@pytest.mark.parametrize("word, name, names", [
    ("OpenAPI", "app.docs.openapi", False),
    ("WebSocket", "io.ktor.client.plugins.websocket.webSocket", False),
    ("WebSocket", "io.ktor.client.plugins.websocket.WebSocket", True),
    ("FromJSON", "Data.Aeson.Types.FromJSON.FromJSON", True),
    ("flatMap", "cats.FlatMap", True),                 # written as code: case-blind
    ("from_fn", "axum.middleware.from_fn.from_fn", True),
    ("TypeHandler", "Dapper.SqlMapper::TypeHandler", True),
])
def test_which_definitions_a_compound_word_names(word, name, names):
    assert ranking.names_as_typed(word, name) is names
