"""A pasted report is about behaviour to change, and a value definition — however long —
only holds data. Here the report pastes the linter's message line, whose words are all in
expand.py's MESSAGES table, while the function to fix, expand_modules, is what the prose
describes (a folder, a module of the same name, a package)."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

ISSUE = '''Linting fails if a package folder contains a module of the same name

Given a folder `a` with the files `a/a.py` and `a/b.py`, both empty, running the linter
on the folder `a` fails:

```
************* Module a
a/__init__.py:1:0: F0010: a/__init__.py (parse-error)
```

If I rename `a/a.py` to `a/c.py`, linting the folder `a` works, and it lints both files.
A folder holding a module file of its own name should still be a package of modules.
'''


@pytest.fixture(scope="module")
def modlint(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "modlint")


def _top(svc) -> list[tuple[str, str]]:
    return [(h["name"], h["kind"]) for h in svc.search(ISSUE, "modlint", limit=3)["hits"][:2]]


def test_the_function_a_report_describes_ranks_above_a_table_of_values(modlint):
    assert _top(modlint) == [("expand_modules", "function"), ("MESSAGES", "constant")]


def test_without_the_value_rule_the_table_of_messages_wins(modlint, monkeypatch):
    # what the rule has to beat: MESSAGES is longer than VALUE_LINES and holds the
    # pasted line's words
    monkeypatch.setattr(ranking, "VALUE", 1.0)
    assert _top(modlint)[0] == ("MESSAGES", "constant")
