"""The store: named migrations recorded once, in order; WAL; extension hooks."""

from __future__ import annotations

import sqlite3

from lode.store import Store
from lode.store import migrations


def test_migrations_are_recorded_in_order_and_run_once(tmp_path):
    db = tmp_path / "m.db"
    first = Store(db)
    names = [m.name for m in migrations.registered()]
    assert first.migrated == names and names[:2] == ["0001_core", "0002_file_notes"]
    assert migrations.applied(first.db) == names
    assert first.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    first.close()
    assert Store(db).migrated == []  # nothing left to apply


def test_a_later_migration_applies_once_and_can_invalidate_files(tmp_path, monkeypatch):
    db = tmp_path / "m.db"
    Store(db).close()
    calls = []

    def add_column(conn):
        calls.append(1)
        conn.execute("ALTER TABLE chunks ADD COLUMN extra TEXT")
        migrations.invalidate_files(conn)

    monkeypatch.setattr(migrations, "_REGISTRY", [*migrations.registered(),
                                                  migrations.Migration("9999_test_extra", add_column)])
    assert Store(db).migrated == ["9999_test_extra"]
    assert Store(db).migrated == [] and calls == [1]
    cols = [r[1] for r in sqlite3.connect(db).execute("PRAGMA table_info(chunks)")]
    assert "extra" in cols


def test_a_failing_migration_leaves_nothing_behind(tmp_path, monkeypatch):
    db = tmp_path / "m.db"
    Store(db).close()

    def broken(conn):
        conn.execute("CREATE TABLE half (x)")
        raise RuntimeError("boom")

    monkeypatch.setattr(migrations, "_REGISTRY", [*migrations.registered(),
                                                  migrations.Migration("9998_broken", broken)])
    try:
        Store(db)
    except RuntimeError:
        pass
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'").fetchone()[0] == 0
    assert "9998_broken" not in migrations.applied(conn)


def test_a_store_from_a_newer_lode_is_refused_in_one_line_and_left_alone(tmp_path):
    # A newer lode recorded a migration this one does not know: its tables may mean
    # something else now, so this version must neither read nor write them.
    import os
    import subprocess
    import sys

    root = tmp_path / "ws"
    root.mkdir()
    (root / "shop.py").write_text("def checkout_total(cart):\n    return sum(cart)\n")
    db = tmp_path / "store.db"
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    lode = [sys.executable, "-m", "lode"]
    subprocess.run([*lode, "index", str(root), "--db", str(db), "--no-embed"], check=True, env=env,
                   capture_output=True)
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO migrations (name, applied_at) VALUES ('9000_from_a_newer_lode', 0)")
    before = sqlite3.connect(db).execute("SELECT generation FROM workspaces").fetchall()
    for args in (["search", "checkout_total"], ["index", str(root), "--no-embed"], ["status"],
                 ["def", "shop.checkout_total"]):
        proc = subprocess.run([*lode, *args, "--db", str(db)], env=env, capture_output=True, text=True)
        assert proc.returncode == 1, (args, proc.stdout)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "newer" in lines[0] and str(db) in lines[0], (args, proc.stderr)
    after = sqlite3.connect(db).execute("SELECT generation FROM workspaces").fetchall()
    assert after == before
