"""A pasted issue with a traceback: the frames name the functions that ran, in the files
they name, the innermost of the project's own frames where the error surfaced. Here the
issue's prose is about reading a table (reader.py says "read", "table", "row" all over),
while the traceback ends in columns.py's coerce, the function to fix (a plain word, which
the prose never writes)."""

from __future__ import annotations

import pytest

from lode.search import lexical, ranking
from lode.search.query import parse

from .conftest import indexed_project

ISSUE = '''Empty number cells make read_table fail

Reading a table whose int column has an empty cell fails, instead of giving None for
that cell. The reader reads the other rows of the table fine, and an empty cell in a
text column is read as an empty string. I read the table like this, with the default
reader options (delimiters sniffed, empty rows skipped):

```python
records = read_table("orders.csv")
```

```
Traceback (most recent call last):
  File "/home/ana/orders/load.py", line 4, in <module>
    records = read_table("orders.csv")
  File "/home/ana/.venv/lib/python3.11/site-packages/tabular/reader.py", line 43, in read_table
    return TableReader(path, ReaderOptions(**options)).read()
  File "/home/ana/.venv/lib/python3.11/site-packages/tabular/reader.py", line 24, in read
    return [self.read_row(row) for row in rows]
  File "/home/ana/.venv/lib/python3.11/site-packages/tabular/reader.py", line 28, in read_row
    values = convert_row(self.columns, row)
  File "/home/ana/.venv/lib/python3.11/site-packages/tabular/columns.py", line 41, in convert_row
    return [coerce(column.kind, cell) for column, cell in zip(columns, row)]
  File "/home/ana/.venv/lib/python3.11/site-packages/tabular/columns.py", line 37, in coerce
    return convert(cell)
ValueError: invalid literal for int() with base 10: ''
```

The orders table has a header `id:int,quantity:int,total:decimal` and some rows leave
the quantity empty. Reading the same table with tabular 1.2 gave a record for every row.
'''


@pytest.fixture(scope="module")
def tabular(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "tabular")


def _top(svc, text=ISSUE, limit=5):
    return [(h["path"], h["name"]) for h in svc.search(text, "tabular", limit=limit)["hits"]]


def test_the_frames_of_a_traceback_are_read_innermost_last():
    frames = parse(ISSUE).frames
    assert [name for _, name in frames] == ["read_table", "read", "read_row", "convert_row", "coerce"]
    assert frames[-1][0] == "/home/ana/.venv/lib/python3.11/site-packages/tabular/columns.py"


@pytest.mark.parametrize("line, frame", [
    # pytest's long traceback
    ("/usr/lib/python3.8/site-packages/_pytest/pathlib.py:565: in import_path",
     ("/usr/lib/python3.8/site-packages/_pytest/pathlib.py", "import_path")),
    # IPython's, with the qualified name and the arguments
    ("File ~/code/seaborn/seaborn/_core/scales.py:351, in ContinuousBase._setup(self, data, prop, axis)",
     ("~/code/seaborn/seaborn/_core/scales.py", "ContinuousBase._setup")),
    # older IPython: the path, then the function
    ("~/envs/lib/python3.8/site-packages/seaborn/_core.py in _lookup_single(self, key)",
     ("~/envs/lib/python3.8/site-packages/seaborn/_core.py", "_lookup_single")),
])
def test_the_traceback_formats_people_paste(line, frame):
    assert parse("It fails:\n" + line + "\n").frames == (frame,)


def test_a_path_in_prose_is_no_frame():
    assert parse("I changed src/app/models.py and the error is still in there").frames == ()
    assert parse("the docs of src/app/models.py say nothing in particular").frames == ()
    # a frame of no named function names no definition
    assert parse('File "x.py", line 3, in <module>').frames == ()


def test_the_innermost_frame_of_the_project_ranks_above_the_outer_ones(tabular):
    # TableReader is the class chunked whole that holds read and read_row (two frames)
    # and most of the prose's words; coerce comes right after it, above the outer frames.
    top = _top(tabular)
    assert top.index(("tabular/columns.py", "coerce")) == 1
    assert top.index(("tabular/columns.py", "coerce")) < top.index(("tabular/columns.py", "convert_row"))


def test_without_the_frames_the_prose_about_reading_wins(tabular, monkeypatch):
    # What the rule has to beat: the words of the prose are reader.py's and
    # convert_row's; coerce came sixth, below the outer frames' functions.
    monkeypatch.setattr(ranking, "FRAME_WEIGHT", 0.0)
    monkeypatch.setattr(ranking, "FRAME_INNER_WEIGHT", 0.0)
    monkeypatch.setattr(lexical, "_framed", lambda *a: [])
    # the frames' source lines are quoted code, the other rule that reads a traceback
    monkeypatch.setattr(ranking, "CODE_LINE_WEIGHT", 0.0)
    top = _top(tabular, limit=10)
    assert top.index(("tabular/columns.py", "coerce")) > top.index(("tabular/reader.py", "read_table"))


def test_a_frame_names_a_definition_only_in_the_file_it_names(tabular):
    # The same traceback with coerce's frame written in reader.py, which defines no
    # coerce: columns.py's coerce is not the function that frame ran.
    moved = ISSUE.replace('tabular/columns.py", line 37, in coerce', 'tabular/reader.py", line 37, in coerce')
    top = _top(tabular, moved, limit=10)
    assert top.index(("tabular/columns.py", "coerce")) > top.index(("tabular/reader.py", "read_table"))
