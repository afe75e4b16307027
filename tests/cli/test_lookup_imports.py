"""A look-up run without a daemon imports what answering it needs: the store, the symbol
tables and the one language of its answer; not the standard library's slower modules
(dataclasses with inspect, ast and dis; re and enum; json; urllib; threading), which
were most of the ~210 M instructions of a `lode def` on Go's standard library."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from shop_store import LODE, alone, indexed_shop

# Printed as the command ends (its exit handlers run: lode.cli.fastpath).
SLOW = ("dataclasses", "inspect", "re", "enum", "json", "urllib.parse", "threading", "typing", "shutil",
        "tree_sitter", "rich")
LOADED = ("import atexit, sys; atexit.register(lambda: print(sorted(m for m in sys.modules if m in "
          f"{SLOW!r} or m.startswith('lode.languages.') and m.count('.') == 2 and m.split('.')[2] not in "
          "('spec', 'registry', 'textonly', 'symbolrules')), file=sys.stderr)); "
          "from lode.cli import main; main()")


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("lookup-imports")
    env = alone(base, LODE_LSP="off")
    return indexed_shop(base, env), env


@pytest.mark.parametrize("lsp, output", [("off", ["--json"]), (None, ["--json"]), ("off", [])])
def test_a_definition_loads_no_slow_module_and_only_its_language(shop, lsp, output):
    """Also with hand-off allowed (no LODE_LSP) and no server for the answer's language
    (gopls): only Go's servers are looked for, and its grammar is not loaded; and printed
    as text to a pipe, without rich (which writes no styles there)."""
    folder, env = shop
    env = {k: v for k, v in env.items() if k not in ("LODE_LSP", "FORCE_COLOR", "TTY_COMPATIBLE")
           or k == "LODE_LSP" and lsp is not None}
    run = subprocess.run([sys.executable, "-c", LOADED, "def", "store.Store.reclaim", *output],
                         capture_output=True, text=True, env=env, cwd=folder, timeout=120)
    assert run.returncode == 0, run.stderr
    if output:
        assert json.loads(run.stdout)["candidates"][0]["path"] == "store/reclaim.go"
    else:
        assert run.stdout == "store/reclaim.go:15:17 method store.Store.reclaim (module store)\n"
    assert run.stderr.strip().splitlines()[-1] == "['lode.languages.go']"
    again = subprocess.run([*LODE, "def", "store.Store.reclaim", *output], capture_output=True, text=True,
                           env=env, cwd=folder, timeout=120)
    assert again.stdout == run.stdout


def test_a_search_printed_to_a_pipe_loads_no_rich(shop):
    folder, env = shop
    env = {k: v for k, v in env.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    code = ("import atexit, sys; atexit.register(lambda: print([m for m in sys.modules if m == 'rich'], "
            "file=sys.stderr)); from lode.cli import main; main()")
    run = subprocess.run([sys.executable, "-c", code, "search", "reclaim", "--mode", "lexical"],
                         capture_output=True, text=True, env=env, cwd=folder, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("store/reclaim.go:")
    assert run.stderr.strip().splitlines()[-1] == "[]"
