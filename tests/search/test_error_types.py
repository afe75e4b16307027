"""A description asks how a mechanism works; a type named as an error (a class ending in
Error, Exception or Warning) is what goes wrong in it, and its docstring repeats the
mechanism's words in a few lines. Here a small HTTP client's HostResolutionError says
"DNS resolution failed … resolving the host asynchronously", while the resolver that does
the work is ThreadedResolver in resolver.py."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

HOW = ("DNS resolution of host names", "how host names are resolved asynchronously")


@pytest.fixture(scope="module")
def netclient(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "netclient")


def _first_file(svc, query: str) -> str:
    return svc.search(query, "netclient", limit=3)["hits"][0]["path"]


@pytest.mark.parametrize("query", HOW)
def test_the_code_that_does_the_work_ranks_above_its_error_type(netclient, query):
    assert _first_file(netclient, query) == "netclient/resolver.py"


@pytest.mark.parametrize("query", HOW)
def test_without_the_rule_the_error_type_wins(netclient, monkeypatch, query):
    # what the rule has to beat: the error's name and docstring hold the query's words
    monkeypatch.setattr(ranking, "ERROR_TYPE", 1.0)
    assert _first_file(netclient, query) == "netclient/errors.py"


@pytest.mark.parametrize("query", ["errors raised when DNS resolution fails",
                                   "DNS resolution errors"])
def test_a_query_about_failures_still_finds_the_error_type(netclient, query):
    hit = netclient.search(query, "netclient", limit=3)["hits"][0]
    assert (hit["path"], hit["name"]) == ("netclient/errors.py", "HostResolutionError")


def test_an_identifier_query_is_left_alone(netclient):
    hit = netclient.search("HostResolutionError", "netclient", limit=3)["hits"][0]
    assert hit["name"] == "HostResolutionError"
