"""The exit status says whether a look-up or search found something, with ``--json`` as
without it (as grep's and rg's do): 0 for a find, 1 for none. With ``--json`` a miss
printed its empty answer and exited 0, so a script testing the status read every miss
as a find. The CLI as a subprocess, on the example project indexed into a real store."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from shop_store import LODE, ROOT, alone, indexed_shop

QUERY = "(method_declaration name: (field_identifier) @name{})"

CASES = [  # (arguments, found)
    (["search", "reclaim", "vectors"], True),
    (["search", "zqxjvwk"], False),
    (["def", "store.Store.reclaim", "--no-lsp"], True),
    (["def", "nosuch.Thing", "--no-lsp"], False),
    (["refs", "server.Searcher", "--no-lsp"], True),
    (["refs", "cart.ShoppingCart.nosuch", "--no-lsp"], False),
    (["impls", "server.Searcher", "--no-lsp"], False),
    (["describe", "store.Store.reclaim", "--no-lsp"], True),
    (["describe", "nosuch.Thing", "--no-lsp"], False),
    (["symbols", "reclaim"], True),
    (["symbols", "zqxjvwk"], False),
    (["query-ast", QUERY.format(""), "shop", "--language", "go"], True),
    (["query-ast", QUERY.format(' (#eq? @name "nosuch")'), "shop", "--language", "go"], False),
]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("exit-status")
    env = alone(base, LODE_LSP="off")
    indexed_shop(base, env)
    # a Kotlin project beside it, whose `draw` is defined by three types
    sketches = base / "sketches"
    shutil.copytree(ROOT / "tests" / "corpora" / "kotlin", sketches)
    r = subprocess.run([*LODE, "index", str(sketches), "--no-embed"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return base, env


def _run(store, args):
    base, env = store
    return subprocess.run([*LODE, *args], env=env, cwd=base, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, found", CASES, ids=[" ".join(a[:2]) for a, _ in CASES])
def test_json_exits_as_the_text_answer_does(store, args, found):
    text = _run(store, args)
    as_json = _run(store, [*args, "--json"])
    assert text.returncode == as_json.returncode == (0 if found else 1), (text.stderr, as_json.stdout)
    answer = json.loads(as_json.stdout)  # a miss still prints its whole (empty) answer
    assert "error" not in answer and as_json.stderr == ""



def test_a_bare_name_of_several_definitions_is_no_find(store):
    # `def draw` answers with the names to ask again with (Sketch.draw, Outline.draw,
    # Doodle.draw): as text that is exit 1, and so with --json
    args = ["def", "draw", "--no-lsp", "-w", "sketches"]
    text, as_json = _run(store, args), _run(store, [*args, "--json"])
    assert len(json.loads(as_json.stdout)["matches"]) == 3, as_json.stdout
    assert text.returncode == as_json.returncode == 1, (text.stderr, as_json.stderr)
