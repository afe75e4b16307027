"""The embedding model loads while an index run's files are chunked (lode.embed.indexing
.warm_up, started by Service.index once the indexer has files to read), and the vectors
are exactly those of a run that loads it afterwards. Each run is a fresh process: the
model must not be loaded already."""

from __future__ import annotations

import shutil
from pathlib import Path

from .fresh_runs import index_in_fresh_process

SHOP = Path(__file__).resolve().parents[2] / "examples" / "shop"

RUN = """
import json, sys, threading
import lode.service
lode.service.WARM_MAX_FILES = int(sys.argv[3])
seen = []
def progress(done, total, path):
    if path != "embedding":
        seen.append(any(t.name == "lode-embed-warm-up" for t in threading.enumerate()))
svc = lode.service.Service(sys.argv[1])
r = svc.index(svc.add_workspace(sys.argv[2])["name"], progress=progress)
print(json.dumps({"warming_seen": any(seen), "embedded": r["embedding"]["embedded"],
                  "left": sorted(__import__("lode.embed.indexing").embed.indexing._warming)}))
"""


def _index(tmp_path: Path, name: str, warm_max: int) -> tuple[dict, list]:
    root, db = tmp_path / name, tmp_path / f"{name}.db"
    shutil.copytree(SHOP, root)
    return index_in_fresh_process(RUN, db, root, warm_max)


def test_the_model_loads_while_files_are_chunked_and_the_vectors_are_the_same(tmp_path):
    warmed, warm_vectors = _index(tmp_path, "warm", 2000)
    cold, cold_vectors = _index(tmp_path, "cold", 0)  # no run is small enough: loaded after
    assert warmed["warming_seen"] and not cold["warming_seen"]
    assert warmed["left"] == [] and cold["left"] == []  # the stage waited for the warm-up
    assert warmed["embedded"] == cold["embedded"] > 0
    assert warm_vectors == cold_vectors and len(warm_vectors) == warmed["embedded"]
