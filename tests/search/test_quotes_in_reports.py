"""In a pasted report, double quotes are the reporter's code and output — string
literals, dict keys, file names — not phrases typed to be matched: each quoted word
counts as a word, and only a quoted message of several words on one line stays a phrase
(the code may hold it as a string). A one-letter "w" or a key like "placed" used to be a
literal that lifted every chunk holding those letters to a definition's tier."""

from __future__ import annotations

import pytest

from lode.search.query import parse

from .conftest import indexed_project

REPORT = '''Dates with a time part are refused
A date column whose cells carry a time of day, as spreadsheets export them, cannot be
read: every such cell fails to convert, although the date part is a valid ISO date.

```python
with open("orders.csv", "w") as out:
    out.write("id:int,placed:date\\n1,2024-05-01T10:30:00\\n")
records = read_table("orders.csv", encoding="utf-8")
print(records[0]["placed"])
```

The error says "Invalid isoformat string" for every row. I would expect the time to be
dropped and the date kept, or a datetime value, rather than an error for every row of the export.
'''


@pytest.fixture(scope="module")
def tabular(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "tabular")


def test_quoted_words_of_a_report_are_words():
    q = parse(REPORT)
    assert q.shape == "text"
    words = {t.key for t in q.terms}
    assert {"placed", "orders", "encoding", "utf"} <= words


def test_only_a_quoted_message_of_several_words_stays_a_phrase():
    assert [p.text for p in parse(REPORT).phrases] == ["Invalid isoformat string"]


def test_a_typed_query_keeps_its_phrases():
    q = parse('"free list" reclaim')
    assert [p.text for p in q.phrases] == ["free list"]
    assert [t.key for t in q.terms] == ["reclaim"]


def test_the_function_the_report_describes_ranks_first(tabular):
    hits = tabular.search(REPORT, "tabular", limit=5)["hits"]
    assert (hits[0]["path"], hits[0]["name"]) == ("tabular/columns.py", "to_date")


def test_a_chunk_sharing_only_a_quoted_letter_is_no_near_match(tabular):
    # TableWriter writes tables; it shares the snippet's open(..., "w") mode and little else.
    hits = tabular.search(REPORT, "tabular", limit=10)["hits"]
    writer = next(h for h in hits if h["name"] == "TableWriter")
    assert writer["relevance"] < 0.5
