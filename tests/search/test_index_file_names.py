"""A file that stands for its folder (Rust's `extract/mod.rs`, Python's
`handler/__init__.py`, Lua's `view/init.lua`, TypeScript's `ui/index.ts`) is named by
its folder: its own stem names no module, so a description's words meet the folder's
name where they would meet another file's stem. Here the traits every extractor
implements live in `src/extract/mod.rs`; a middleware file named `from_extractor.rs`
repeats the trait names in its docs and, read by stems alone, outranks it."""

from __future__ import annotations

import pytest

from lode.search import ranking

from .conftest import indexed_project

QUERY = "how extractors implement FromRequest and FromRequestParts"


@pytest.fixture(scope="module")
def extractors(tmp_path_factory):
    yield from indexed_project(tmp_path_factory, "extractors")


def _paths(svc, query):
    return [h["path"] for h in svc.search(query, "extractors", limit=5)["hits"]]


def test_the_folders_index_file_answers_for_the_folder(extractors):
    assert _paths(extractors, QUERY)[0] == "src/extract/mod.rs"


def test_read_by_its_stem_alone_the_index_file_loses(extractors, monkeypatch):
    by_stem = ranking.path_parts
    monkeypatch.setattr(ranking, "path_parts", lambda path, language=None: by_stem(path))
    paths = _paths(extractors, QUERY)
    assert paths[0] == "src/middleware/from_extractor.rs"
    assert paths.index("src/middleware/from_extractor.rs") < paths.index("src/extract/mod.rs")


@pytest.mark.parametrize("path, language, stem", [
    ("axum/src/extract/mod.rs", "rust", ["extract"]),
    ("fastapi/security/__init__.py", "python", ["security"]),
    ("lua/lazy/view/init.lua", "lua", ["view"]),
    ("src/ui/index.ts", "typescript", ["ui"]),
    ("src/ui/Index.ts", "typescript", ["index"]),           # not the index stem as written
    ("src/extract/mod.go", "go", ["mod"]),                  # Go has no index files
    ("mod.rs", "rust", ["mod"]),                            # a crate root's mod.rs has no folder
    ("routing/path_router.rs", "rust", ["path", "router"]),
])
def test_the_stem_a_file_is_named_by(path, language, stem):
    assert ranking.path_parts(path, language)[0] == stem
