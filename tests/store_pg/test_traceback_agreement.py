"""A pasted traceback's frames fetch the definitions they name in the files they name
(a path predicate over the name index): the PostgreSQL store answers as SQLite does."""

from __future__ import annotations

import shutil
from pathlib import Path

from lode.service import Service

from search.test_traceback_frames import ISSUE

TABULAR = Path(__file__).parents[1] / "search" / "projects" / "tabular"


def test_a_traceback_is_answered_alike(tmp_path, pg_url):
    root = tmp_path / "tabular"
    shutil.copytree(TABULAR, root)
    sq, pg = Service(tmp_path / "lode.db"), Service(pg_url)
    try:
        for svc in (sq, pg):
            svc.add_workspace(str(root), name="tabular")
            svc.index("tabular", workers=1, embed=False)
        a = [(h["path"], h["name"]) for h in sq.search(ISSUE, "tabular", mode="lexical", limit=10)["hits"]]
        b = [(h["path"], h["name"]) for h in pg.search(ISSUE, "tabular", mode="lexical", limit=10)["hits"]]
        assert a == b
        assert a.index(("tabular/columns.py", "coerce")) == 1
    finally:
        sq.close()
        pg.close()
