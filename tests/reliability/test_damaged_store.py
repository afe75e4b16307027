"""A store that is damaged (pages overwritten: a disk error, a copy taken mid-write) or
not a store at all gives one clear line naming it and a non-zero exit from the real
``lode`` command — never a traceback — and the workspace it indexed is untouched."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

import pytest

LODE = [sys.executable, "-m", "lode"]

COMMANDS = [
    ("search", "parse_config"),
    ("status",),
    ("def", "settings.parse_config"),
    ("index", "{root}", "--no-embed"),
]


def _lode(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LODE_NO_DAEMON": "1"}
    return subprocess.run([*LODE, *args], capture_output=True, text=True, env=env, timeout=120)


def _one_clear_line(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode != 0, proc.stdout
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    base = tmp_path_factory.mktemp("damaged")
    root = base / "ws"
    root.mkdir()
    for i in range(40):
        (root / f"mod{i}.py").write_text("".join(
            f"def helper_{i}_{j}(a):\n    \"\"\"Helper {j}.\"\"\"\n    return a + {j}\n\n" for j in range(30)))
    (root / "settings.py").write_text("def parse_config(text):\n    return dict(l.split('=') for l in text.splitlines())\n")
    db = base / "store.db"
    assert _lode("index", str(root), "--db", str(db), "--no-embed").returncode == 0
    return root, db


def _overwrite_tables(db_path, tables) -> None:
    """Overwrite the first page of each table's B-tree with junk, as a bad sector would."""
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("PRAGMA page_size").fetchone()[0]
    roots = [r for (r,) in db.execute(
        f"SELECT rootpage FROM sqlite_master WHERE name IN ({','.join('?' * len(tables))})", tables)]
    db.close()
    assert len(roots) == len(tables)
    with open(db_path, "r+b") as f:
        for root in roots:
            f.seek((root - 1) * page)
            f.write(b"\xa5" * page)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_damaged_store_is_named_in_one_line(indexed, tmp_path, command):
    root, good = indexed
    db = tmp_path / "copy.db"
    db.write_bytes(good.read_bytes())
    _overwrite_tables(db, ["files", "chunks", "workspaces", "symbols"])
    before = {p.name: p.read_bytes() for p in root.iterdir()}
    args = [a.format(root=root) for a in command]
    _one_clear_line(_lode(*args, "--db", str(db)), str(db), "damaged", "lode check --repair")
    assert {p.name: p.read_bytes() for p in root.iterdir()} == before


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_file_that_is_not_a_store_is_named_in_one_line(indexed, tmp_path, command):
    root, _ = indexed
    db = tmp_path / "notes.db"
    db.write_bytes(b"These are my notes, not a database.\n" * 200)
    args = [a.format(root=root) for a in command]
    _one_clear_line(_lode(*args, "--db", str(db)), str(db), "not a database")
    assert db.read_bytes() == b"These are my notes, not a database.\n" * 200


def test_the_daemon_names_a_damaged_store_and_keeps_serving(indexed, tmp_path):
    from daemon import Daemon, request

    _, good = indexed
    base = tmp_path / "daemon"
    base.mkdir()
    db = base / "store.db"
    db.write_bytes(good.read_bytes())
    _overwrite_tables(db, ["files", "chunks", "workspaces", "symbols"])
    daemon = Daemon(base)
    try:
        replies = daemon.exchange(request("search.query", {"query": "parse_config"}, 1)
                                  + request("index.status", {}, 2))
        assert len(replies) == 2
        for reply in replies:
            assert "damaged" in reply["error"]["message"], reply
            assert reply["error"]["code"] == -32020  # StoreError
        assert daemon.proc.poll() is None
        assert daemon.exchange(request("sys.capabilities", {}, 3))[0]["result"]
    finally:
        daemon.stop()


def test_the_mcp_server_names_a_damaged_store_and_keeps_serving(indexed, tmp_path):
    pytest.importorskip("mcp")
    import asyncio

    from mcp import Client, StdioServerParameters

    _, good = indexed
    db = tmp_path / "store.db"
    db.write_bytes(good.read_bytes())
    _overwrite_tables(db, ["chunks"])  # the workspaces still list: the server starts
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db)]

    async def go():
        async with Client(StdioServerParameters(command=sys.executable, args=args)) as client:
            first = await client.call_tool("search", {"query": "parse_config"})
            second = await client.call_tool("index_status", {})
            return first, second

    first, second = asyncio.run(go())
    text = "".join(getattr(c, "text", "") for c in first.content)
    assert first.is_error and "damaged" in text and "lode check --repair" in text, text
    assert not second.is_error
