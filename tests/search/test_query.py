"""Query parsing alone (no index): shapes, stopwords, names, paths, bounds."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lode.errors import InvalidParams
from lode.search.query import MAX_QUERY_CHARS, fts_expression, parse


def test_shapes():
    assert parse("Mux").shape == "symbol"
    assert parse("Sinatra::Base").shape == "symbol"
    assert parse("io.Reader").shape == "symbol"
    assert parse("basic http authentication middleware").shape == "words"
    issue = " ".join(f"word{i}" for i in range(40))
    assert parse(issue).shape == "text"


def test_stopwords_stay_out_of_ranking_but_not_alone():
    q = parse("how does the router dispatch requests")
    assert [t.key for t in q.content] == ["router", "dispatch", "requests"]
    assert "how" not in q.highlights
    only = parse("how to")
    assert [t.key for t in only.content] == ["how", "to"]


def test_qualified_names_and_paths():
    q = parse("where is Handler.ServeHTTP in server/http.go? see pkg::Type too.")
    assert "handler.servehttp" in q.dotted and "pkg.type" in q.dotted
    assert "server/http.go" in q.paths
    assert "http.go" not in q.dotted  # a file name is not a qualified name
    tb = parse('File "src/_pytest/python.py", line 42, in _genfunctions')
    assert "src/_pytest/python.py" in tb.paths


def test_a_path_with_a_line_number_is_a_path():
    # How warnings, linters and pytest name a place: file:line[:column].
    warn = parse("[redacted]/site-packages/pylint/reporters/text.py:206: UserWarning: Don't recognize")
    assert any(p.endswith("pylint/reporters/text.py") for p in warn.paths)
    lint = parse("app/models.py:12:5: E501 line too long (see tests/test_app.py:3)")
    assert "app/models.py" in lint.paths and "tests/test_app.py" in lint.paths
    assert parse("ratio 3:4 and http://host:8080").paths == ()


def test_or_expression_keeps_identifiers_whole():
    q = parse("StateManager persist")
    expr = fts_expression(q, "OR")
    assert expr == '("statemanager" OR ("state" AND "manager")) OR "persist"'
    assert fts_expression(q, "AND") == '("statemanager" OR ("state" AND "manager")) AND "persist"'


def test_huge_inputs_parse_in_linear_time():
    # These took seconds (a backtracking dotted-name regex) before parsing was one pass.
    for text in ("a" * 40_000, "a." * 3000 + "a", "a::" * 5000, "x/" * 10_000, '"' * 9_999):
        t = time.perf_counter()
        parse(text)
        assert time.perf_counter() - t < 0.5, text[:20]


def test_query_length_is_capped_with_a_clear_error():
    with pytest.raises(InvalidParams, match="limit"):
        parse("a " * (MAX_QUERY_CHARS // 2 + 1))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_parses_and_quotes_balance(text):
    q = parse(text)
    for op in ("AND", "OR"):
        expr = fts_expression(q, op)
        assert expr is None or expr.count('"') % 2 == 0


def test_a_pasted_issue_keeps_its_title():
    text = "Dataset.update evaluates chunked arrays eagerly\n\n" + " ".join(f"filler{i}" for i in range(60))
    q = parse(text)
    assert q.shape == "text"
    assert q.title[:3] == ("dataset", "update", "evaluates")
