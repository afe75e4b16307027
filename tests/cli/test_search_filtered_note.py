"""An auto search whose filters leave no chunk says the filters did it, and what the
query finds without them, through the CLI alone and through a real daemon. Before,
the engine wrote "no word of the query is indexed" whenever the filtered candidates
were empty, though the words are indexed, outside the filters (only the MCP server
replaced that note). A query whose words are indexed nowhere keeps that note.

The example project is indexed with its vectors (the note is written only when
semantic search is available); the CLI runs as a subprocess."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from shop_store import LODE, ROOT, with_daemon


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("filtered-note")
    daemon, env = with_daemon(base)
    shop = base / "shop"
    shutil.copytree(ROOT / "examples" / "shop", shop)
    r = subprocess.run([*LODE, "index", str(shop)], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    yield env
    daemon.stop()


def search(env, *args, daemon=True) -> dict:
    r = subprocess.run([*LODE, "search", *args, "--json", *([] if daemon else ["--no-daemon"])],
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode in (0, 1), r.stdout + r.stderr  # 1: no hit
    return json.loads(r.stdout)


@pytest.mark.parametrize("daemon", [True, False])
def test_filters_that_remove_every_hit_are_named(shop, daemon):
    everywhere = search(shop, "merging quantities", "--mode", "lexical", "--limit", "100", daemon=daemon)
    assert everywhere["hits"] and all(h["language"] != "go" for h in everywhere["hits"])
    got = search(shop, "merging quantities", "--lang", "go", "--kind", "function", daemon=daemon)
    assert got["hits"] == []
    note = got["semantic"]["note"]
    assert "no word of the query is indexed" not in note
    assert "languages=go" in note and "kinds=function" in note
    found = re.search(r"the query alone finds (\d+) chunks", note)
    assert found and int(found.group(1)) == len(everywhere["hits"]), note


@pytest.mark.parametrize("daemon", [True, False])
def test_words_indexed_nowhere_keep_their_note(shop, daemon):
    got = search(shop, "zqxjvw", "--lang", "go", daemon=daemon)
    assert got["hits"] == []
    assert got["semantic"]["note"] == "auto: no word of the query is indexed, so semantic neighbours were not used"


@pytest.mark.parametrize("daemon", [True, False])
def test_the_text_answer_names_the_filters_that_hid_every_hit(shop, daemon):
    """Without --json the command said only "no match for 'merging quantities'", as for
    words indexed nowhere: a mistyped --path read as a query that finds nothing."""
    r = subprocess.run([*LODE, "search", "merging quantities", "--lang", "go", "--path", "store",
                        *([] if daemon else ["--no-daemon"])],
                       env=shop, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and r.stdout == ""
    line = r.stderr.strip()
    assert line.startswith("lode: no match for 'merging quantities' with --path store --lang go"), line
    assert re.search(r"without the filters it finds \d+ chunks, first \S+:\d+; widen or drop them$", line), line
    nowhere = subprocess.run([*LODE, "search", "zqxjvw", "--lang", "go", *([] if daemon else ["--no-daemon"])],
                             env=shop, capture_output=True, text=True, timeout=120)
    assert nowhere.stderr.strip() == "lode: no match for 'zqxjvw'"
