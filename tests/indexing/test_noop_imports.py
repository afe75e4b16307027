"""A re-index that finds nothing changed loads only what comparing stamps needs: no
grammar (tree_sitter), no code chunker, no plug-in table, no record types the workers
make, no typing, threading or shlex, no chunk type (lode.records: dataclasses, with
inspect and ast behind it), no prose chunker and no spec of a language the workspace
does not hold (each was a share of a no-op re-index of Go's standard library)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

NOT_LOADED = ("tree_sitter", "lode.chunking.code", "lode.plugins.registry", "lode.store.records", "typing",
              "importlib.resources", "threading", "shlex", "lode.records", "dataclasses", "inspect",
              "lode.chunking.prose", "lode.languages.rust")

PROBE = ("import json, sys; from lode.service import Service; svc = Service(sys.argv[1]); "
         "run = svc.index(sys.argv[2], embed=False); svc.close(); "
         "print(json.dumps({'run': run, 'loaded': [m for m in json.loads(sys.argv[3]) if m in sys.modules]}))")


def test_a_no_op_re_index_loads_no_grammar_chunker_or_plugin_table(tmp_path):
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "shop.go").write_text("package pkg\n\nfunc Total(xs []int) int { return len(xs) }\n")
    (root / "tool.py").write_text("def main():\n    return 1\n")
    (root / "README.md").write_text("# shop\n\nTotals carts.\n")
    db = str(tmp_path / "store.db")
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    env.pop("LODE_PLUGINS", None)

    def probe() -> dict:
        out = subprocess.run([sys.executable, "-c", PROBE, db, str(root), json.dumps(NOT_LOADED)], env=env,
                             capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    first = probe()
    assert first["run"]["indexed"] == 3
    again = probe()
    assert again["run"]["unchanged"] == 3 and again["run"]["indexed"] == 0
    assert again["loaded"] == []
