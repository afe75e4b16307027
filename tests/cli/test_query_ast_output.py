"""``lode query-ast`` over a folder of several languages: a query written for one
language does not compile for the others, which are skipped. When captures come back
that is said in one quiet line, not as an error per language; a query that compiles
nowhere still reports every reason and exits 1. The CLI as a subprocess, real grammars."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOP = ROOT / "examples" / "shop"  # Python, Go and Markdown
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]
ENV = {**os.environ, "LODE_NO_DAEMON": "1"}


def run(*args):
    return subprocess.run([*LODE, "query-ast", *args], env=ENV, cwd=SHOP, capture_output=True, text=True,
                          timeout=120)


def test_languages_the_query_does_not_fit_are_one_note():
    r = run("(function_definition name: (identifier) @name)", ".")
    assert r.returncode == 0, r.stderr
    assert "cart/cart.py:19:9 @name add_item" in r.stdout
    assert "Invalid node type" not in r.stderr and "lode:" not in r.stderr, r.stderr
    assert r.stderr.strip() == "skipped go (the query does not compile for it)"


def test_a_query_that_compiles_nowhere_says_why_for_each_language():
    r = run("(no_such_node) @x", ".")
    assert r.returncode == 1
    assert "lode: python: Invalid node type" in r.stderr and "lode: go: Invalid node type" in r.stderr
