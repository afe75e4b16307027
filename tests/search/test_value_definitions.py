"""A description asks how a mechanism works: a short definition that only holds a value
(a constant, a variable, a field, a property: here a client's middleware type alias,
whose comment says it is 'similar to server middleware') counts less than code that
does something. Read at full weight, the four-line alias outranks the server's
middleware module for 'how server middleware is executed'."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

QUERY = "how server middleware is executed"


@pytest.fixture(scope="module")
def middlewares(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "middlewares")


def _hits(svc, query):
    return [(h["path"], h["name"]) for h in svc.search(query, "middlewares", limit=5)["hits"]]


def test_the_server_middleware_module_ranks_above_a_client_type_alias(middlewares):
    hits = _hits(middlewares, QUERY)
    assert hits[0][0] == "webkit/web_middlewares.py"
    assert hits.index(("webkit/client_middlewares.py", "ClientMiddlewareType")) > 0


def test_at_full_weight_the_alias_ranks_first(middlewares, monkeypatch):
    monkeypatch.setattr(ranking, "VALUE", 1.0)
    assert _hits(middlewares, QUERY)[0] == ("webkit/client_middlewares.py", "ClientMiddlewareType")


def test_a_query_naming_the_constant_still_finds_it_first(middlewares):
    assert _hits(middlewares, "ClientMiddlewareType")[0] == ("webkit/client_middlewares.py", "ClientMiddlewareType")
