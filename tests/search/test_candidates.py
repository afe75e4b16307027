"""The candidate stage alone (lexical.retrieve) over a real store: OR does not starve,
definitions come by name, punctuation falls back to a substring scan, and a search of
one workspace of several reads only its rows."""

from __future__ import annotations

import shutil
from pathlib import Path

from lode.search import lexical
from lode.search.filters import Filters
from lode.search.query import parse
from lode.service import Service

PROJECTS = Path(__file__).parent / "projects"
INDEXING = Path(__file__).parent.parent / "indexing" / "projects"


def _ids(svc, ws):
    return [w.id for w in svc.store.workspaces() if w.name == ws]


def _paths(svc, ids):
    marks = ",".join("?" * len(ids))
    return {r[0] for r in svc.store.db.execute(
        f"SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id IN ({marks})", ids)}


def test_or_finds_chunks_missing_a_word(webapp):
    svc, ws = webapp
    found, info = lexical.retrieve(svc.store, parse("gzip compression unicorn"), _ids(svc, ws), Filters(), 10)
    assert info["strategy"] == "or"
    assert "middleware/compress.go" in _paths(svc, [c.id for c in found])


def test_definitions_come_by_name(webapp):
    svc, ws = webapp
    found, _ = lexical.retrieve(svc.store, parse("NewMux"), _ids(svc, ws), Filters(), 10)
    rows = svc.store.db.execute("SELECT name FROM chunks WHERE id IN (%s)" % ",".join(str(c.id) for c in found))
    assert "NewMux" in {r[0] for r in rows}


def test_punctuation_falls_back_to_substring(webapp):
    svc, ws = webapp
    found, info = lexical.retrieve(svc.store, parse(":="), _ids(svc, ws), Filters(), 10)
    assert info["strategy"] == "substring" and found


def test_one_workspace_of_several(tmp_path):
    a, b = tmp_path / "webapp", tmp_path / "go"
    shutil.copytree(PROJECTS / "webapp", a)
    shutil.copytree(INDEXING / "go", b)
    with Service(tmp_path / "lode.db") as svc:
        svc.index(str(a), embed=False)
        svc.index(str(b), embed=False)
        only_b = _ids(svc, "go")
        found, _ = lexical.retrieve(svc.store, parse("http handler request"), only_b, Filters(), 10)
        ws_of = {r[0] for r in svc.store.db.execute(
            "SELECT DISTINCT f.workspace_id FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id IN (%s)"
            % ",".join(str(c.id) for c in found))}
        assert found and ws_of == set(only_b)
        both, _ = lexical.retrieve(svc.store, parse("http handler request"),
                                   [w.id for w in svc.store.workspaces()], Filters(), 50)
        assert len({r for r in _paths(svc, [c.id for c in both])}) > len(_paths(svc, [c.id for c in found]))
