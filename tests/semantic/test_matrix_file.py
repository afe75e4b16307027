"""The vector matrix of the workspaces searched is read from the store once per state
and kept in a file beside it (lode.search.matrices): a later process maps the file
instead of reading every vector again, and answers exactly as from the store."""

from __future__ import annotations

import shutil

import pytest

from lode.search import matrices, semantic
from lode.service import Service

from indexing.conftest import project, write  # noqa: F401  (shared fixtures)


def _answer(svc, root, query="free unused vectors in batches"):
    r = svc.search(query, str(root), mode="semantic", limit=10)
    return [(h["path"], h["line_start"], h["score"]) for h in r["hits"]], r["semantic"]["vectors"]


@pytest.fixture
def fresh_process(monkeypatch):
    """Forget the matrices this process holds, as a new process would not have them."""
    def forget():
        monkeypatch.setattr(semantic, "_CACHE", {})
    return forget


def test_a_later_process_maps_the_file_and_answers_the_same(tmp_path, project, fresh_process, monkeypatch):
    root = project("go")
    svc = Service(tmp_path / "store.db")
    try:
        svc.index(str(root))
        fresh_process()
        first = _answer(svc, root)
        files = list(matrices.folder(svc.store.location()).glob("*.npy"))
        assert len(files) == 1 and first[1] > 0

        fresh_process()
        def unread(*args, **kwargs):
            raise AssertionError("the store's vectors were read again")
        monkeypatch.setattr(svc.store.vectors, "of_workspaces", unread)
        assert _answer(svc, root) == first
        monkeypatch.undo()

        # A re-index moves the state: the matrix is read from the store again, into a new file.
        write(root, {"store/gc.go": "package store\n\n// Compact rewrites the vector file without holes.\n"
                                    "func Compact(path string) error { return nil }\n"})
        svc.index(str(root))
        fresh_process()
        hits, count = _answer(svc, root, "rewrite the vector file without holes")
        assert count == first[1] + 1 and any(path == "store/gc.go" for path, _, _ in hits)
        assert len(list(matrices.folder(svc.store.location()).glob("*.npy"))) == 1  # the older state's went
    finally:
        svc.close()


def test_a_file_per_set_of_workspaces_in_its_latest_state(tmp_path, project, fresh_process, monkeypatch):
    root = project("go")
    svc = Service(tmp_path / "store.db")
    folder = matrices.folder(svc.store.location())
    try:
        for i in range(3):  # each index run moves the state: the older state's file goes
            write(root, {f"extra{i}.go": f"package extra\n\n// Extra{i} does a thing.\nfunc Extra{i}() {{}}\n"})
            svc.index(str(root))
            fresh_process()
            _answer(svc, root)
            assert len(list(folder.glob("*.npy"))) == 1
        twin = tmp_path / "twin"
        shutil.copytree(root, twin)
        svc.index(str(twin))
        monkeypatch.setattr(matrices, "KEPT", 2)
        fresh_process()
        for scope in (root, twin, None):  # three sets of workspaces: the newest two kept
            svc.search("free unused vectors", str(scope) if scope else None, mode="semantic")
        names = sorted(p.name for p in folder.glob("*.npy"))
        assert len(names) == 2 and len({n.split("-")[0] for n in names}) == 2
    finally:
        svc.close()


def test_a_damaged_file_is_read_from_the_store_again(tmp_path, project, fresh_process):
    root = project("go")
    svc = Service(tmp_path / "store.db")
    try:
        svc.index(str(root))
        fresh_process()
        first = _answer(svc, root)
        (file,) = matrices.folder(svc.store.location()).glob("*.npy")
        file.write_bytes(file.read_bytes()[:-8])  # truncated
        fresh_process()
        assert _answer(svc, root) == first
        assert file.stat().st_size > 0 and matrices.read(file, 64) is not None  # written again
    finally:
        svc.close()


def test_a_store_in_a_read_only_folder_still_searches(tmp_path, project, fresh_process, monkeypatch):
    root = project("go")
    svc = Service(tmp_path / "store.db")
    try:
        svc.index(str(root))
        monkeypatch.setattr(matrices, "folder", lambda location: tmp_path / "no" / "such" / "folder")
        fresh_process()
        first = _answer(svc, root)
        assert first[0] and not (tmp_path / "no").exists()
    finally:
        svc.close()
