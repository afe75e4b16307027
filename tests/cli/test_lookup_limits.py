"""A look-up's --limit is a positive count and --lsp-timeout a positive number of
seconds: 0 or a negative value is a usage error (exit 2) naming the option, not a
silent default (``-n 0`` listed 100) or an empty answer that says ``… 1 in all``.
Real store, the program as a subprocess (its fast path and click agree)."""

from __future__ import annotations

import subprocess

import pytest
from shop_store import LODE, alone, indexed_shop


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("limits")
    env = alone(base, LODE_LSP="off")
    shop = indexed_shop(base, env)
    return shop, env


@pytest.mark.parametrize("args", [
    ["def", "store.Store.reclaim", "-n", "0"],
    ["def", "store.Store.reclaim", "--limit", "-3"],
    ["refs", "store.Store", "-n", "0"],
    ["impls", "store.Store", "--limit=0"],
    ["describe", "store.Store.reclaim", "-n", "-1"],
    ["symbols", "reclaim", "-n", "0"],
])
def test_limit_below_one_is_refused(shop, args):
    root, env = shop
    r = subprocess.run([*LODE, *args], env=env, cwd=root, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "--limit" in r.stderr and "x>=1" in r.stderr.replace(" ", "")
    assert r.stdout == ""


@pytest.mark.parametrize("value", ["0", "-1"])
def test_lsp_timeout_must_be_positive(shop, value):
    root, env = shop
    r = subprocess.run([*LODE, "def", "store.Store.reclaim", "--lsp-timeout", value], env=env, cwd=root,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--lsp-timeout" in r.stderr, (r.stdout, r.stderr)


def test_a_positive_limit_still_answers(shop):
    root, env = shop
    r = subprocess.run([*LODE, "symbols", "reclaim", "-n", "1"], env=env, cwd=root, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 1, (r.stdout, r.stderr)
