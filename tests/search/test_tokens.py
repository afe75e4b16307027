"""The identifier parts the lexical index holds beside each chunk (lode.store.tokens)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from lode.store.tokens import breadcrumb_labels, idents_for

SOURCE = Path(__file__).parent / "projects" / "webapp" / "router" / "mux.go"


def test_parts_of_compound_identifiers_once_each_in_first_seen_order():
    text = "func (s *Store) reclaimVectors(ctx context.Context) { s.freeList = nil; srv := HTTPServer{}; reclaimVectors() }"
    assert idents_for(text) == "reclaim vectors free list http server"
    assert idents_for("x y z") == ""
    assert breadcrumb_labels("middleware/basic_auth.go › func BasicAuth(realm string)") == \
        "middleware/basic_auth.go › func BasicAuth(realm string)\nbasic auth"


def test_the_same_text_gives_the_same_parts_under_every_hash_seed():
    code = ("import sys; from lode.store.tokens import idents_for; "
            "sys.stdout.write(idents_for(open(sys.argv[1]).read()))")
    outs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        outs.add(subprocess.run([sys.executable, "-c", code, str(SOURCE)], env=env, check=True,
                                capture_output=True, text=True).stdout)
    assert len(outs) == 1 and len(next(iter(outs)).split()) > 10
