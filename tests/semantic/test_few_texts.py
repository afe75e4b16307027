"""An index run with few texts to embed (a re-index of a few changed files) loads no
tokenizer: its texts are cut by per-call tokenizers of only their pieces
(lode.embed.vectors.FEW_TEXTS, StaticEmbedder.embed_query), into the vectors a loaded
tokenizer gives. Each run is a fresh process: no tokenizer may be loaded already."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

from lode.embed.models import MODELS, StaticEmbedder

from .conftest import repo_embed_texts
from .fresh_runs import index_in_fresh_process

ROOT = Path(__file__).resolve().parents[2]
PROJECTS = ("tests/search/projects", "tests/indexing/projects", "examples", "src/lode/embed")

RUN = """
import json, sys
import lode.embed.models, lode.embed.vectors, lode.service
lode.embed.vectors.FEW_TEXTS = int(sys.argv[3])
svc = lode.service.Service(sys.argv[1])
r = svc.index(svc.add_workspace(sys.argv[2])["name"])
emb = lode.embed.models._LOADED["static"]
print(json.dumps({"embedded": r["embedding"]["embedded"],
                  "tokenizer_loaded": emb._small is not None or emb._full is not None}))
"""


def _index(tmp_path: Path, name: str, few: int) -> tuple[dict, list]:
    root, db = tmp_path / name, tmp_path / f"{name}.db"
    root.mkdir()
    for project in PROJECTS:
        shutil.copytree(ROOT / project, root / project.replace("/", "-"))
    return index_in_fresh_process(RUN, db, root, few)


def test_a_run_with_few_texts_loads_no_tokenizer_and_stores_the_same_vectors(static_model, tmp_path):
    few, few_vectors = _index(tmp_path, "few", 2000)
    loaded, loaded_vectors = _index(tmp_path, "loaded", 0)  # every run loads the tokenizer
    assert few["embedded"] == loaded["embedded"] > 128  # more than one pass
    assert not few["tokenizer_loaded"] and loaded["tokenizer_loaded"]
    assert few_vectors == loaded_vectors and len(few_vectors) == few["embedded"]


def test_many_real_chunk_texts_at_once_get_the_loaded_tokenizers_vectors(static_model):
    texts = repo_embed_texts(("src/lode/embed", "src/lode/search", "examples", "tests/indexing/projects",
                              "tests/search/projects"), (".go", ".py", ".rs", ".ts", ".js", ".md"))
    assert len(texts) > 500
    few = StaticEmbedder(static_model, MODELS["static"][0])
    loaded = StaticEmbedder(static_model, MODELS["static"][0])
    np.testing.assert_array_equal(few.embed_query(texts), loaded.embed(texts))
    assert few._small is None and few._full is None and loaded._small is not None
