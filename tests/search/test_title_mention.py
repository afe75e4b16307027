"""A pasted report's title is its own summary: a definition the title names by an
identifier (`to_unstacked_dataset broken for single-dim variables`) is what the report is
about, more than the definitions its body and snippets also mention."""

from __future__ import annotations

from lode.search import ranking
from lode.search.query import parse

REPORT = """to_unstacked_dataset broken for single-dim variables
I need to stack a bunch of variables and later unstack them again, however this doesn't
work if the variables only have a single dimension. The roundtrip below goes through
to_stacked_array and then back; the stacking half works, the error comes from the way
back, when the stacked array is split into the dataset's variables again.

```python
data = xr.Dataset({"a": arr, "b": arr})
stacked = data.to_stacked_array("y", sample_dims=["x"])
unstacked = stacked.to_unstacked_dataset("y")
```
"""


def _row(cid, path, name):
    return {"file_id": cid, "path": path, "name": name, "name_key": name.rsplit(".", 1)[-1].lower(),
            "kind": "method", "tag": "code", "language": "python", "line_start": 10, "line_end": 60,
            "byte_start": 0, "byte_end": 2000, "workspace_id": 1, "breadcrumb": path, "generation": 1}


def _scores(q):
    rows = {1: _row(1, "xarray/core/dataset.py", "Dataset.to_stacked_array"),
            2: _row(2, "xarray/core/dataarray.py", "DataArray.to_unstacked_dataset")}
    scored = ranking.score(rows, {1: 10.0, 2: 9.0}, q, [], {}, set())
    return {s.row["name"]: s.score for s in scored}


def test_the_definition_the_title_names_ranks_above_one_the_body_names():
    q = parse(REPORT)
    assert q.shape == "text"
    scores = _scores(q)
    assert scores["DataArray.to_unstacked_dataset"] > scores["Dataset.to_stacked_array"]


def test_named_in_the_body_alone_both_are_mentions_and_the_words_decide():
    body = REPORT.split("\n", 1)[1]
    scores = _scores(parse("Stacking roundtrip broken for single-dim variables\n" + body))
    assert scores["DataArray.to_unstacked_dataset"] < scores["Dataset.to_stacked_array"]
