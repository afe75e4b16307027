"""A description that writes a file's name as typed (`how Gateway picks …`) names that
file: it ranks above files that share more of the description's other words."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

QUERY = "how Gateway picks a registered payment processor"


@pytest.fixture(scope="module")
def payments(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "payments")


def _top(svc, query):
    return [h["path"].rsplit("/", 1)[-1] for h in svc.search(query, "payments", limit=5)["hits"]]


def test_a_capitalised_word_that_is_a_file_name_ranks_that_file_first(payments):
    assert _top(payments, QUERY)[0] == "Gateway.java"


def test_without_the_rule_the_file_with_more_of_the_words_wins(payments, monkeypatch):
    # ProcessorRegistry.java says "registered", "payment" and "processor" over and over
    # and its name spells two of the words: that is what the named file has to beat.
    monkeypatch.setattr(ranking, "STEM_NAMED_WEIGHT", 0.0)
    top = _top(payments, QUERY)
    assert top[0] == "ProcessorRegistry.java" and "Gateway.java" in top


def test_a_lower_case_word_is_an_ordinary_word(payments):
    # "gateway" is a word of the description, not a name: the words decide.
    assert _top(payments, QUERY.replace("Gateway", "gateway"))[0] == "ProcessorRegistry.java"


def test_only_the_exact_name_counts(payments):
    # A plural or a longer name is not the file's name.
    assert _top(payments, QUERY.replace("Gateway", "Gateways"))[0] == "ProcessorRegistry.java"


def test_the_name_counts_when_the_word_came_lower_case_first(payments):
    # The query's terms keep a word's first spelling ("gateway"); the capitalised one
    # later in the text still names the file (it was lost before).
    assert _top(payments, "how the gateway picks a registered payment processor in Gateway")[0] == "Gateway.java"
