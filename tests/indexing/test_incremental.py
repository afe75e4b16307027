"""Incremental indexing: skip unchanged files unread, re-chunk changed ones in
one transaction, drop deleted ones, re-chunk exactly one language on a chunker bump."""

from __future__ import annotations

import os
import time

from lode import languages
from lode.languages.spec import replace


def _files(service, ws):
    return {p: s for p, s in service.store.file_states(service.store.workspace(ws).id).items()}


def _chunk_count(service):
    if service.store.backend == "postgresql":  # its lexical index keeps one fts_docs row per chunk
        with service.store.connection() as conn:
            chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
            fts = conn.execute("SELECT count(*) FROM fts_docs").fetchone()[0]
    else:
        db = service.store.db
        chunks = db.execute("SELECT count(*) FROM chunks").fetchone()[0]
        fts = db.execute("SELECT count(*) FROM chunks_fts").fetchone()[0]
    assert chunks == fts  # FTS rows always match chunk rows
    return chunks


def test_second_run_skips_everything_without_reading(service, project, monkeypatch):
    root = project("go")
    first = service.index(str(root))
    assert first["indexed"] == first["files"] == 5 and first["refused"] == 0
    import lode.workspace.pipeline as pipeline

    def must_not_read(*a, **k):
        raise AssertionError("an unchanged file was read")

    monkeypatch.setattr(pipeline, "read_text", must_not_read)
    second = service.index(str(root))
    assert second["unchanged"] == 5 and second["indexed"] == 0
    assert second["generation"] == first["generation"]  # nothing changed: no new generation


def test_touch_without_change_is_not_rechunked(service, project):
    root = project("go")
    service.index(str(root))
    before = _chunk_count(service)
    target = root / "store" / "reclaim.go"
    st = target.stat()
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    run = service.index(str(root))
    assert run["touched"] == 1 and run["indexed"] == 0 and run["unchanged"] == 4
    assert _chunk_count(service) == before
    # ... and the new mtime is stored, so the next run skips it unread.
    assert service.index(str(root))["unchanged"] == 5


def test_changed_file_replaces_its_chunks(service, project):
    root = project("go")
    service.index(str(root))
    assert service.search("sweep", str(root))["hits"]
    target = root / "store" / "reclaim.go"
    target.write_text(target.read_text().replace("sweep", "compactRows"))
    run = service.index(str(root))
    assert run["indexed"] == 1 and run["unchanged"] == 4
    assert service.search("compactRows", str(root))["hits"][0]["path"] == "store/reclaim.go"
    assert not service.search("sweep", str(root))["hits"]


def test_deleted_and_renamed_files(service, project):
    root = project("go")
    service.index(str(root))
    (root / "server" / "routes.go").unlink()
    os.rename(root / "docs" / "operations.md", root / "docs" / "runbook.md")
    run = service.index(str(root))
    assert run["deleted"] == 2 and run["indexed"] == 1
    files = _files(service, str(root))
    assert "server/routes.go" not in files and "docs/operations.md" not in files
    assert "docs/runbook.md" in files
    paths = [h["path"] for h in service.search("hot backups", str(root))["hits"]]
    assert paths[0] == "docs/runbook.md" and "docs/operations.md" not in paths
    assert not service.search("Routes", str(root), kinds=["function"])["hits"]
    _chunk_count(service)


def test_chunker_version_bump_rechunks_exactly_that_language(service, project, monkeypatch):
    root = project("go")
    service.index(str(root))
    gen1 = {p: s.id for p, s in _files(service, str(root)).items()}
    go = languages.language_named("go")
    bumped = replace(go, version=go.version + 1)
    monkeypatch.setitem(languages._BY_EXTENSION, ".go", bumped)
    run = service.index(str(root))
    assert run["indexed"] == 3 and run["unchanged"] == 2  # 3 .go files; README and docs kept
    after = _files(service, str(root))
    for path, state in after.items():
        if path.endswith(".go"):
            # re-chunked (a changed file may keep its row: lode.store.replace)
            assert state.chunker == bumped.chunker_id != go.chunker_id
        else:
            assert state.id == gen1[path]


def test_a_grammar_lost_after_indexing_keeps_unchanged_files_and_reads_changed_ones_as_text(service, project,
                                                                                             monkeypatch):
    # A run compares a file with the id its language's chunker has, without loading the
    # grammar: an unchanged file keeps the chunks a working grammar made (as a file made
    # by a plug-in this build lacks is held), and a file that is read again gets the id
    # of what reads it (text, while its grammar does not load).
    from lode.chunking.prose import TEXT_ID

    root = project("go")
    service.index(str(root))
    go = languages.language_named("go")
    gen1 = _files(service, str(root))
    monkeypatch.setitem(languages._broken, "go", "OSError: cannot open shared object file")
    monkeypatch.setattr(languages, "_checked", set(languages._checked) | {"go"})
    run = service.index(str(root))
    assert run["unchanged"] == 5 and run["indexed"] == 0
    assert _files(service, str(root)) == gen1
    changed = root / "store" / "reclaim.go"
    changed.write_text(changed.read_text() + "\n// edited\n")
    run = service.index(str(root))
    assert run["indexed"] == 1 and run["unchanged"] == 4
    after = _files(service, str(root))
    assert after["store/reclaim.go"].chunker == TEXT_ID
    assert all(s.chunker == go.chunker_id for p, s in after.items() if p.endswith(".go") and p != "store/reclaim.go")
    monkeypatch.undo()  # the grammar loads again: the file read as text is read with it
    run = service.index(str(root))
    assert run["indexed"] == 1 and run["unchanged"] == 4
    assert _files(service, str(root))["store/reclaim.go"].chunker == go.chunker_id


def test_two_workspaces_share_one_store(service, project):
    go, py = project("go"), project("python")
    service.index(str(go))
    service.index(str(py))
    names = [w["name"] for w in service.list_workspaces()]
    assert sorted(names) == ["go", "python"]
    everywhere = service.search("InvalidParams OR ServeHTTP")  # words, not syntax
    assert everywhere["workspaces"] == ["go", "python"]
    both = {h["workspace"] for h in service.search("handler")["hits"]} | \
        {h["workspace"] for h in service.search("dispatch")["hits"]}
    assert both == {"go", "python"}
    only_py = service.search("dispatch_request", "python")["hits"]
    assert only_py and {h["workspace"] for h in only_py} == {"python"}
    assert not service.search("dispatch_request", "go")["hits"]
    # Re-indexing one workspace leaves the other untouched.
    (py / "rpcd" / "server.py").unlink()
    service.index("python")
    assert service.search("ServeHTTP", "go")["hits"]
    status = {w["name"]: w for w in service.status()["workspaces"]}
    assert status["go"]["files"] == 5 and status["python"]["files"] == 3


def test_status_reports_languages_and_last_index_time(service, project):
    root = project("go")
    before = time.time()
    service.index(str(root))
    st = service.status("go")
    ws = st["workspaces"][0]
    assert ws["files"] == 5 and ws["chunks"] > 5 and ws["indexed_at"] >= before
    assert ws["languages"]["go"]["files"] == 3 and ws["languages"]["markdown"]["files"] == 2
    assert st["size_bytes"] > 0


def test_targeted_paths_reindex_only_those(service, project):
    root = project("go")
    service.index(str(root))
    (root / "server" / "routes.go").write_text("package server\n\nfunc Mount() {}\n")
    (root / "store" / "reclaim.go").unlink()
    run = service.index(str(root), paths=["server/routes.go", str(root / "store" / "reclaim.go")])
    assert run["indexed"] == 1 and run["deleted"] == 1
    assert service.search("Mount", str(root))["hits"][0]["path"] == "server/routes.go"


def test_two_writers_at_once(tmp_path, project):
    """Two processes' worth of writers (separate connections, threads here) index into
    one store at the same time; both finish and the store stays consistent."""
    import threading

    from lode.service import Service

    db = tmp_path / "shared.db"
    roots = [project("go"), project("python"), project("rust"), project("typescript")]
    errors = []

    def run(root):
        try:
            with Service(db) as svc:
                for _ in range(3):
                    svc.index(str(root))
                    (root / "touched.md").write_text(f"# run\n\n{root.name} {time.time()}\n")
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(r,)) for r in roots]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    with Service(db) as svc:
        assert len(svc.list_workspaces()) == 4
        for root in roots:
            svc.index(str(root))
        _chunk_count(svc)
        assert svc.store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_chunker_that_runs_too_long_costs_only_structure(service, project, monkeypatch):
    """A pathological file is indexed as plain text after CHUNK_SECONDS of CPU, noted in
    status, and stays fully searchable; the run goes on."""
    import lode.workspace.pipeline as pipeline

    real = pipeline.chunk_file

    def slow_on_http(path, text, config, tree=None):
        if path.endswith("http.go"):
            while True:  # spins until the CPU deadline interrupts it
                pass
        return real(path, text, config, tree=tree)

    monkeypatch.setattr(pipeline, "chunk_file", slow_on_http)
    monkeypatch.setattr(pipeline, "CHUNK_SECONDS", 0.2)
    # Files are chunked in worker processes: forked from this one (threads left by earlier
    # tests would choose the fork server), they chunk with the patched chunker.
    import lode.workspace.indexer as indexer

    monkeypatch.setattr(indexer, "_single_threaded", lambda: True)
    root = project("go")
    run = service.index(str(root))
    assert run["indexed"] == 5 and run["refused"] == 0
    notes = service.status(str(root))["workspaces"][0]["notes"]
    assert [n["path"] for n in notes] == ["server/http.go"] and "plain text" in notes[0]["note"]
    hits = service.search("ServeHTTP", str(root))["hits"]
    assert ("server/http.go", "text") in {(h["path"], h["kind"]) for h in hits}
