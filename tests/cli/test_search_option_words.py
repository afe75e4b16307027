"""How ``lode search`` reads its options and words its answers: ``--kind`` ignores case
as ``--lang`` does, a ``--path`` that leaves the workspace root is refused rather than
cut to a different folder, a search that asked for no reranking says so in its
``rank`` block, and an empty query is told in the CLI's own words. Real store and a
real daemon (the same answers both ways), the CLI as a subprocess."""

from __future__ import annotations

import json
import subprocess

import pytest
from shop_store import LODE, indexed_shop, with_daemon


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("search-option-words")
    daemon, env = with_daemon(base)
    shop = indexed_shop(base, env)
    yield shop, env
    daemon.stop()


def search(shop, *args, daemon=True, cwd="."):
    shop, env = shop
    return subprocess.run([*LODE, "search", *args, *([] if daemon else ["--no-daemon"])],
                          env=env, cwd=shop / cwd, capture_output=True, text=True, timeout=120)


both = pytest.mark.parametrize("daemon", [True, False], ids=["daemon", "no-daemon"])


@both
def test_kind_ignores_case_as_lang_does(shop, daemon):
    lower = search(shop, "reclaim", "--kind", "method", "--json", daemon=daemon)
    upper = search(shop, "reclaim", "--kind", "Method", "--lang", "Go", "--json", daemon=daemon)
    assert upper.returncode == 0, upper.stdout + upper.stderr
    hits = json.loads(upper.stdout)["hits"]
    assert hits and {h["kind"] for h in hits} == {"method"}
    assert hits == json.loads(lower.stdout)["hits"]


@both
def test_kind_that_matches_nothing_in_any_case_is_still_named(shop, daemon):
    r = search(shop, "reclaim", "--kind", "Methd", daemon=daemon)
    assert r.returncode == 2 and "unknown kind 'Methd'" in r.stderr and "method" in r.stderr


@both
@pytest.mark.parametrize("cwd, path", [
    ("store", "../nowhere/docs"),   # not there: was cut to 'nowhere/docs', a different place
    (".", "../docs"),               # above the root: was cut to 'docs', the workspace's docs/
    (".", "/docs"),                 # absolute, outside the root: was cut to 'docs'
])
def test_path_leaving_the_root_is_refused_not_cut(shop, cwd, path, daemon):
    r = search(shop, "reclaim", "vectors", "--mode", "lexical", "--path", path, "--json", daemon=daemon, cwd=cwd)
    assert r.returncode == 2, r.stdout + r.stderr
    error = json.loads(r.stdout)["error"]
    assert error["param"] == "paths" and repr(path) in error["message"]


@both
def test_leading_dot_slash_is_the_workspace_root(shop, daemon):
    r = search(shop, "reclaim", "vectors", "--mode", "lexical", "--path", "./store", "--json", daemon=daemon,
               cwd="docs")  # no store/ under docs/: a prefix from the root
    assert r.returncode == 0, r.stdout + r.stderr
    assert {h["path"].split("/")[0] for h in json.loads(r.stdout)["hits"]} == {"store"}


@both
def test_rank_block_says_rerank_was_not_asked(shop, daemon):
    for mode in ("auto", "lexical"):
        r = search(shop, "reclaim", "vectors", "--mode", mode, "--json", daemon=daemon)
        assert r.returncode == 0, r.stderr
        rank = json.loads(r.stdout)["rank"]
        assert rank == {"requested": False, "used": False, "reason": "rerank not requested"}, rank


@both
def test_empty_query_is_told_in_the_cli_words(shop, daemon):
    r = search(shop, "  ", daemon=daemon)
    assert r.returncode == 2
    assert r.stderr.strip() == "lode: the query is empty", r.stderr
    r = search(shop, "  ", "--json", daemon=daemon)
    assert r.returncode == 2
    error = json.loads(r.stdout)["error"]
    assert error["code"] == -32602 and error["param"] == "query" and error["message"] == "the query is empty"


def test_rpc_clients_keep_the_rpc_wording(shop):
    _shop, env = shop
    r = subprocess.run([*LODE, "--call", "search.query", json.dumps({"query": " "})], env=env,
                       capture_output=True, text=True, timeout=120)
    assert "invalid params: 'query' is empty" in r.stdout + r.stderr
