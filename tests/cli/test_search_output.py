"""What ``lode search`` prints per hit: ``path:line``, the kind, then the breadcrumb
without its leading path (which only repeats the location). Real store, the CLI as a
subprocess, the example project."""

from __future__ import annotations

import subprocess

import pytest
from shop_store import LODE, alone, indexed_shop


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("search-output")
    env = alone(base)
    shop = indexed_shop(base, env)
    return shop, env


def lode(shop, *args):
    shop, env = shop
    return subprocess.run([*LODE, *args], env=env, cwd=shop, capture_output=True, text=True, timeout=120)


def test_hit_line_does_not_repeat_the_path(shop):
    r = lode(shop, "search", "reclaim", "vectors", "--mode", "lexical")
    assert r.returncode == 0, r.stderr
    heads = [line for line in r.stdout.splitlines() if line and not line.startswith(" ")]
    assert heads[0] == "store/reclaim.go:13 method func (s *Store) reclaim(ctx context.Context, fp string) error"
    assert "docs/operations.md:7 section Operations › Reclaiming storage" in heads
    for line in heads[:-1]:  # the last is the count and timing
        where = line.split(" ", 1)[0].rsplit(":", 1)[0]
        assert line.count(where) == 1, line


def test_files_mode_does_not_repeat_the_path(shop):
    r = lode(shop, "search", "reclaim", "vectors", "--mode", "lexical", "--files")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    at = lines.index("store/reclaim.go go")
    assert lines[at + 1] == "    :13 method func (s *Store) reclaim(ctx context.Context, fp string) error"
    assert not any("store/reclaim.go ›" in line for line in lines)


def test_one_hit_is_counted_in_the_singular(shop):
    r = lode(shop, "search", "reclaim", "vectors", "--mode", "lexical", "-n", "1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1].startswith("1 hit in ")
    r = lode(shop, "search", "reclaim", "vectors", "--mode", "lexical", "-n", "1", "--files")
    assert r.stdout.splitlines()[-1].startswith("1 file in ")
