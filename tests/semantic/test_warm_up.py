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
lode.service.WARM_MAX_FILES, lode.service.WARM_HELPERS_AT = int(sys.argv[3]), float(sys.argv[4])
seen, first = [], []
def progress(done, total, path):
    if path != "embedding":
        seen.append(any(t.name == "lode-embed-warm-up" for t in threading.enumerate()))
        if seen[-1] and not first:
            first.append(done / total)
svc = lode.service.Service(sys.argv[1])
r = svc.index(svc.add_workspace(sys.argv[2])["name"], progress=progress)
print(json.dumps({"warming_seen": any(seen), "first_seen_at": (first or [None])[0],
                  "embedded": r["embedding"]["embedded"],
                  "left": sorted(__import__("lode.embed.indexing").embed.indexing._warming)}))
"""


def _index(tmp_path: Path, name: str, warm_max: int, warm_at: float = 0.9) -> tuple[dict, list]:
    root, db = tmp_path / name, tmp_path / f"{name}.db"
    shutil.copytree(SHOP, root)
    return index_in_fresh_process(RUN, db, root, warm_max, warm_at)


def test_the_model_loads_while_files_are_chunked_and_the_vectors_are_the_same(tmp_path):
    warmed, warm_vectors = _index(tmp_path, "warm", 2000)
    cold, cold_vectors = _index(tmp_path, "cold", 0, 2.0)  # no run is small enough, none ends: loaded after
    late, late_vectors = _index(tmp_path, "late", 0)  # a large run: loaded near its end
    assert warmed["warming_seen"] and not cold["warming_seen"] and late["warming_seen"]
    assert warmed["first_seen_at"] < 0.9 <= late["first_seen_at"]
    assert warmed["left"] == [] and cold["left"] == [] and late["left"] == []  # the stage waited for the warm-up
    assert warmed["embedded"] == cold["embedded"] == late["embedded"] > 0
    assert warm_vectors == cold_vectors == late_vectors and len(warm_vectors) == warmed["embedded"]
