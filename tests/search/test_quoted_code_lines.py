"""A pasted issue that quotes a line of the project's code: the definition whose body
holds that line is the one the report is about. Here the report's prose is about reading
a table (reader.py says "read", "table", "row", "header" all over) and never names the
function to fix; it quotes the line ``convert = CONVERTERS[kind]``, which is in
columns.py's coerce alone."""

from __future__ import annotations

import pytest

from lode.search import ranking
from lode.search.query import code_lines, parse

from .conftest import indexed_project

ISSUE = '''Reading a table whose header writes a type in capitals fails

A table file exported by our spreadsheet writes its header as `id:INT,price:Decimal`.
Reading it with read_table fails on the first row, while the same table with the header
in lower case is read fine, every record with its typed values. The reader looks the
header's type up as written:

    convert = CONVERTERS[kind]

so `Decimal` or `INT` is not found and the row is not read. Headers written by hand
often use capitals; reading them the same as lower case would help. I call it like this:

```python
>>> records = read_table("export.csv", encoding="utf-8")
```
'''


@pytest.fixture(scope="module")
def tabular(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "tabular")


def _top(svc, text: str, n: int = 3) -> list[str]:
    hits = svc.search(text, "tabular", mode="lexical", limit=10)["hits"]
    return [h["name"] for h in hits[:n]]


def test_code_lines_of_a_report():
    lines = code_lines(ISSUE)
    assert "convert = CONVERTERS[kind]" in lines
    # the reporter's own session and prose are no project code
    assert not any(line.startswith(("records =", ">>>")) for line in lines)
    assert not any("capitals" in line for line in lines)
    assert parse(ISSUE).code_lines == frozenset(lines)
    # a description has none: it quotes no code
    assert parse("how is the type of a column converted").code_lines == frozenset()


def test_traceback_source_lines_are_code_and_frame_lines_are_not():
    text = ('File "/x/tabular/columns.py", line 41, in convert_row\n'
            '    return [coerce(column.kind, cell) for column, cell in zip(columns, row)]\n'
            '>       values = convert_row(self.columns, row)\n')
    assert code_lines(text) == ["return [coerce(column.kind, cell) for column, cell in zip(columns, row)]",
                                "values = convert_row(self.columns, row)"]


def test_the_definition_holding_a_quoted_line_ranks_first(tabular):
    assert _top(tabular, ISSUE, 1) == ["coerce"]


def test_without_the_quoted_line_the_prose_wins(tabular, monkeypatch):
    # what the report's words alone give: the function it is about is not first
    monkeypatch.setattr(ranking, "CODE_LINE_WEIGHT", 0.0)
    assert _top(tabular, ISSUE, 1) != ["coerce"]
