"""A pooled index run has its workers compress each chunk's text (a chunk row's ``body_z``),
and the store keeps exactly what it would have made itself: the text of the chunk's
bytes, whatever characters it holds or the file's name."""

from __future__ import annotations

import os

from lode.service import Service
from lode.store import fts_rows
from lode.workspace import indexer


def _tree(root):
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    for i in range(60):  # above the in-process threshold: the files go to worker processes
        (pkg / f"f{i:02d}.go").write_text(
            f"package pkg\n\n// Größe{i} misst — in Ångström — die Breite.\nfunc Grosse{i}(x int) int {{\n"
            f"\treturn x * {i} // ½\n}}\n", encoding="utf-8")
    # a file name that is not UTF-8: the store scrubs the texts quoting it
    (pkg / os.fsdecode(b"caf\xe9.go")).write_bytes(b"package pkg\n\n// Menu lists dishes.\nfunc Menu() {}\n")
    return root


def _stored(db) -> list[tuple]:
    return db.execute("SELECT f.path, c.ord, c.byte_start, c.byte_end, c.body_z FROM chunks c"
                      " JOIN files f ON f.id = c.file_id ORDER BY f.path, c.ord").fetchall()


def test_worker_made_texts_are_those_of_the_file_and_of_a_run_in_one_process(tmp_path, monkeypatch):
    root = _tree(tmp_path / "proj")
    packers = []
    run = indexer._run

    def noting(jobs, workers, config, cpu, pack=None):
        packers.append(pack)
        return run(jobs, workers, config, cpu, pack)

    monkeypatch.setattr(indexer, "_run", noting)
    with Service(tmp_path / "pooled.db") as svc:
        assert svc.index(str(root), embed=False, workers=2)["indexed"] == 61
        pooled = _stored(svc.store.db)
    with Service(tmp_path / "inline.db") as svc:
        assert svc.index(str(root), embed=False, workers=1)["indexed"] == 61
        inline = _stored(svc.store.db)
    assert packers == [fts_rows.pack, fts_rows.pack]  # the store asks whoever chunks to compress
    assert pooled == inline and len(pooled) > 61
    for path, _, start, end, body_z in pooled:
        raw = (root / path).read_bytes() if "\\x" not in path else (root / "pkg" / os.fsdecode(b"caf\xe9.go")).read_bytes()
        assert fts_rows.unpack(body_z) == raw[start:end].decode("utf-8", "replace")
    assert any("Ångström" in fts_rows.unpack(z) for *_, z in pooled)
    assert any(path.startswith("pkg/caf") and "Menu" in fts_rows.unpack(z) for path, *_, z in pooled)
