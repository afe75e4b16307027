"""A store that cannot be written — a read-only file, a full disk — gives one clear line
and a non-zero exit from the real ``lode`` command, never a traceback, and loses
nothing: once the store can be written again, the next run finishes the job.

Root ignores file modes, so as root the command runs in a user namespace
(``unshare -U``), where it does not; the full disk is a small tmpfs mounted in a mount
namespace of its own (``unshare -Urm``). Where neither is allowed the tests skip."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

LODE = [sys.executable, "-m", "lode"]


def _works(*prefix: str) -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run([*prefix, "true"], capture_output=True).returncode == 0


def _workspace(root: Path, files: int = 300) -> Path:
    for i in range(files):
        p = root / f"pkg{i // 50}" / f"mod{i}.py"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("".join(f"def function_{i}_{j}(a, b):\n    \"\"\"Adds {j}.\"\"\"\n    return a * b + {j}\n\n"
                             for j in range(40)))
    return root


def _lode(*args: str, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    return subprocess.run([*prefix, *LODE, *args], capture_output=True, text=True, env=env, timeout=300)


def _one_clear_line(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_a_read_only_store_refuses_to_index_in_one_line_and_still_answers(tmp_path):
    prefix = ("unshare", "-U") if os.geteuid() == 0 else ()
    if prefix and not _works(*prefix):
        pytest.skip("running as root and user namespaces are not allowed here")
    root = _workspace(tmp_path / "ws", files=3)
    db = tmp_path / "store.db"
    assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    (root / "pkg0" / "late.py").write_text("def added_later():\n    pass\n")
    db.chmod(0o444)
    try:
        _one_clear_line(_lode("index", str(root), "--db", str(db), "--no-embed", prefix=prefix),
                        str(db), "readonly")
        search = _lode("search", "function_1_3", "--db", str(db), prefix=prefix)
        assert search.returncode == 0 and "pkg0/mod1.py" in search.stdout, search.stderr
    finally:
        db.chmod(0o644)
    assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    assert "pkg0/late.py" in _lode("search", "added_later", "--db", str(db)).stdout


# 1 MB fills up as the new store is made (its schema), 3 MB in the middle of the run.
@pytest.mark.parametrize("size", ["1m", "3m"])
def test_a_full_disk_stops_the_index_in_one_line_and_the_next_run_finishes(tmp_path, size):
    prefix = ("unshare", "-Urm")
    if not _works(*prefix):
        pytest.skip("mount namespaces are not allowed here")
    root = _workspace(tmp_path / "ws")
    disk, out = tmp_path / "disk", tmp_path / "out"
    disk.mkdir()
    out.mkdir()
    db = disk / "store.db"
    index = " ".join([*LODE, "index", str(root), "--db", str(db), "--no-embed"])
    # The tmpfs lives as long as the namespace, so every step runs inside one: the
    # disk fills up; then it grows (space freed) and the same command runs again.
    script = f"""
        set -u
        mount -t tmpfs -o size={size} tmpfs {disk} || exit 99
        {index} >{out}/full.out 2>{out}/full.err; echo $? >{out}/full.rc
        mount -o remount,size=256m {disk}
        {index} >{out}/again.out 2>{out}/again.err; echo $? >{out}/again.rc
        {" ".join(LODE)} search function_299_39 --db {db} >{out}/search.out 2>&1
        {" ".join(LODE)} status --db {db} --json >{out}/status.out 2>&1
    """
    subprocess.run([*prefix, "bash", "-c", script], timeout=600, env={**os.environ, "LODE_NO_DAEMON": "1"})
    full = subprocess.CompletedProcess([], int((out / "full.rc").read_text()),
                                       (out / "full.out").read_text(), (out / "full.err").read_text())
    _one_clear_line(full, str(db), "disk is full")
    assert (out / "again.rc").read_text().strip() == "0", (out / "again.err").read_text()
    assert "300 files" in (out / "again.out").read_text()
    assert "pkg5/mod299.py" in (out / "search.out").read_text()
    assert '"files": 300' in (out / "status.out").read_text()


def test_a_store_in_a_read_only_folder_still_answers_and_refuses_to_index_in_one_line(tmp_path):
    """A WAL store needs a -shm file beside it even to be read; in a folder that cannot be
    written (a shared read-only copy, a read-only mount) it is read as it stands."""
    prefix = ("unshare", "-U") if os.geteuid() == 0 else ()
    if prefix and not _works(*prefix):
        pytest.skip("running as root and user namespaces are not allowed here")
    root = _workspace(tmp_path / "ws", files=3)
    folder = tmp_path / "stores"
    db = folder / "store.db"
    assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    assert not (folder / "store.db-wal").exists()  # the last connection checkpointed it
    (root / "pkg0" / "late.py").write_text("def added_later():\n    pass\n")
    folder.chmod(0o555)
    try:
        search = _lode("search", "function_1_3", "--db", str(db), prefix=prefix)
        assert search.returncode == 0 and "pkg0/mod1.py" in search.stdout, search.stderr
        status = _lode("status", "--db", str(db), prefix=prefix)
        assert status.returncode == 0 and "3 files" in status.stdout, status.stderr
        _one_clear_line(_lode("index", str(root), "--db", str(db), "--no-embed", prefix=prefix),
                        str(db), "readonly")
    finally:
        folder.chmod(0o755)
    assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    assert "pkg0/late.py" in _lode("search", "added_later", "--db", str(db)).stdout
