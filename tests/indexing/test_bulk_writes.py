"""A large index run writes with a bigger SQLite page cache and rarer WAL checkpoints,
and puts the connection's settings back afterwards (the daemon keeps its connection)."""

from __future__ import annotations

from lode.service import Service


def test_large_run_restores_connection_settings(tmp_path):
    root = tmp_path / "proj"
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    for i in range(80):  # above the in-process threshold: the bulk path runs
        (pkg / f"f{i:02d}.go").write_text(
            f"package pkg\n\n// Func{i} does thing {i}.\nfunc Func{i}(x int) int {{\n\treturn x + {i}\n}}\n")
    with Service(tmp_path / "store.db") as svc:
        db = svc.store.db
        before = (db.execute("PRAGMA cache_size").fetchone()[0],
                  db.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        result = svc.index(str(root), embed=False, workers=2)
        after = (db.execute("PRAGMA cache_size").fetchone()[0],
                 db.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        assert result["indexed"] == 80
        assert after == before
        assert svc.definition("pkg.Func42")["candidates"][0]["path"] == "pkg/f42.go"
