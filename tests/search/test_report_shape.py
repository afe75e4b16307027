"""A short bug report — a title line and a body — is a pasted text, not a typed
description, even under 30 content words: its words are the reporter's prose, and a
"test" in it (our tests, the test below) is no request for test code."""

from __future__ import annotations

import pytest

from lode.search.query import parse

from .conftest import indexed_project

REPORT = """Empty rows are not skipped when reading a table
The reader options say empty rows are skipped, but read_table gives a record of empty
strings for every empty row of the file. Our tests read tables exported from a
spreadsheet, which end with empty rows."""


@pytest.fixture(scope="module")
def tabular(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "tabular")


def test_a_title_and_a_body_is_a_pasted_text():
    q = parse(REPORT)
    assert len(q.content) <= 30
    assert q.shape == "text"


def test_the_same_words_on_one_line_are_a_description():
    assert parse(" ".join(REPORT.split())).shape == "words"


def test_a_short_query_over_two_lines_is_still_a_description():
    assert parse("empty rows\nskipped when reading a table").shape == "words"


def test_a_report_that_mentions_tests_is_answered_by_the_code(tabular):
    hits = tabular.search(REPORT, "tabular", limit=3)["hits"]
    assert hits[0]["path"] == "tabular/reader.py"
    assert not any(h["path"].startswith("tests/") for h in hits[:2])
