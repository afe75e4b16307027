"""A file whose parser crashes the process parsing it — a segmentation fault in a
grammar's C code — or runs away inside C code (no Python signal handler can interrupt
it). A run of fewer than ~48 changed files used to chunk in the indexing process itself:
one such file ended ``lode index`` with the crash (no index written, no reason given),
and took the daemon down when its watcher re-indexed the file (a save is exactly such a
small run); a runaway parse hung the run for ever. Now every run chunks in worker
processes: the file is refused, the reason saying how its worker died, and every other
file is indexed.

The crashing parser is a chunker plug-in whose native call faults (or spins) on one file,
found by lode as any installed plug-in is (an entry point in a ``*.dist-info`` folder on
the path)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from polling import wait_for
from runs import ENV, LODE

PLUGIN = '''
import collections
import ctypes
import itertools
import re


class ProtoChunker:
    """A chunk per message; its native "parser" faults on a file marked FAULT and
    never ends on one marked SPIN."""
    extensions = (".proto",)
    version = "1"

    def chunk(self, path, data):
        if b"FAULT" in data:
            ctypes.string_at(0)  # a null read: SIGSEGV, as a broken grammar gives
        if b"SPIN" in data:
            collections.deque(itertools.repeat(None), maxlen=0)  # C code that never ends
        starts = [m.start() for m in re.finditer(rb"^message ", data, re.M)]
        bounds = sorted(set([0] + starts)) + [len(data)]
        for a, b in zip(bounds, bounds[1:]):
            if data[a:b].strip():
                yield {"byte_start": a, "byte_end": b, "kind": "message"}
'''


def _plugin(where) -> str:
    """A folder holding the plug-in as an installed distribution (for PYTHONPATH)."""
    site = where / "site"
    (site / "lode_proto_crash-1.0.dist-info").mkdir(parents=True)
    (site / "lode_proto_crash.py").write_text(PLUGIN)
    (site / "lode_proto_crash-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: lode-proto-crash\nVersion: 1.0\n")
    (site / "lode_proto_crash-1.0.dist-info" / "entry_points.txt").write_text(
        "[lode.chunkers]\nproto = lode_proto_crash:ProtoChunker\n")
    return str(site)


def _project(root) -> None:
    (root / "api").mkdir(parents=True)
    (root / "api" / "orders.proto").write_text(
        'syntax = "proto3";\n\nmessage Order {\n  string id = 1;\n  repeated Line lines = 2;\n}\n\n'
        "message Line {\n  string sku = 1;\n  int32 qty = 2;\n}\n")
    (root / "api" / "broken.proto").write_text('syntax = "proto3";\n\n// FAULT\nmessage Broken {\n  string id = 1;\n}\n')
    (root / "shop").mkdir()
    (root / "shop" / "orders.py").write_text(
        "class OrderBook:\n    def total(self, lines):\n        return sum(l.qty for l in lines)\n")
    (root / "shop" / "prices.go").write_text(
        "package shop\n\nfunc PriceOf(sku string) int {\n\treturn len(sku) * 100\n}\n")


def _status(db, env) -> dict:
    out = subprocess.run([*LODE, "status", "--db", str(db), "--json"], capture_output=True, text=True, env=env)
    [ws] = json.loads(out.stdout)["workspaces"]
    return ws


def _refused(ws) -> dict:
    return {r["path"]: r["reason"] for r in ws["refused"]}


def test_a_parser_crash_in_a_small_run_costs_that_file_only(tmp_path):
    root, db = tmp_path / "shop", tmp_path / "store.db"
    _project(root)
    env = {**ENV, "PYTHONPATH": _plugin(tmp_path)}
    run = subprocess.run([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--json"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    answer = json.loads(run.stdout)
    assert answer["files"] == 4 and answer["indexed"] == 3 and answer["refused"] == 1, answer
    ws = _status(db, env)
    reason = _refused(ws)["api/broken.proto"]
    assert "crashed" in reason and "SIGSEGV" in reason, reason
    found = json.loads(subprocess.run([*LODE, "def", "OrderBook.total", "--db", str(db), "--json"],
                                      capture_output=True, text=True, env=env).stdout)
    assert found["total"] >= 1
    hits = json.loads(subprocess.run([*LODE, "search", "repeated Line lines", "--db", str(db), "--json",
                                      "--mode", "lexical"], capture_output=True, text=True, env=env).stdout)
    assert any(h["path"] == "api/orders.proto" for h in hits["hits"]), hits
    # Refused with its mtime and size: not retried until it changes; fixed, it is indexed.
    again = json.loads(subprocess.run([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--json"],
                                      capture_output=True, text=True, env=env).stdout)
    assert again["unchanged"] == 4, again
    (root / "api" / "broken.proto").write_text('syntax = "proto3";\n\nmessage Broken {\n  string id = 1;\n}\n')
    fixed = json.loads(subprocess.run([*LODE, "index", str(root), "--db", str(db), "--no-embed", "--json"],
                                      capture_output=True, text=True, env=env).stdout)
    assert fixed["indexed"] == 1 and fixed["refused"] == 0, fixed
    assert not _refused(_status(db, env))


def test_a_runaway_parse_is_stopped_and_refused(tmp_path):
    """C code that never returns ignores the chunker's deadline (a Python signal handler);
    the worker's CPU limit ends it. The limit is lowered to 2 CPU s for the test."""
    root, db = tmp_path / "shop", tmp_path / "store.db"
    _project(root)
    (root / "api" / "broken.proto").write_text('syntax = "proto3";\n\n// SPIN\nmessage Broken {\n  string id = 1;\n}\n')
    env = {**ENV, "PYTHONPATH": _plugin(tmp_path)}
    script = ("import sys, lode.workspace.pipeline as p; p.FILE_CPU_SECONDS = 2; "
              "from lode.cli import main; sys.argv[0] = 'lode'; main()")
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-c", script, "index", str(root), "--db", str(db), "--no-embed", "--json"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert time.monotonic() - started < 120
    answer = json.loads(run.stdout)
    assert answer["indexed"] == 3 and answer["refused"] == 1, answer
    reason = _refused(_status(db, env))["api/broken.proto"]
    assert "over the limit of 2 CPU s" in reason, reason


def test_the_daemon_survives_a_watched_file_that_crashes_its_parser(tmp_path, monkeypatch):
    from daemon import Daemon

    root = tmp_path / "shop"
    _project(root)
    (root / "api" / "broken.proto").unlink()
    monkeypatch.setenv("PYTHONPATH", _plugin(tmp_path))
    monkeypatch.delenv("LODE_NO_DAEMON", raising=False)
    d = Daemon(tmp_path / "d", watch=True)
    try:
        d.call("workspace.add", {"root": str(root)})
        first = d.call("index.run", {"workspace": str(root), "embed": False}, timeout=120)
        assert first["files"] == 3 and first.get("refused", 0) == 0, first
        time.sleep(1.5)  # the watch in place
        (root / "api" / "broken.proto").write_text('syntax = "proto3";\n\n// FAULT\nmessage Broken {\n}\n')
        (root / "shop" / "stock.py").write_text("def stock_level(sku):\n    return 7\n")

        def settled():
            [ws] = d.call("index.status", {})["workspaces"]
            return ws if any(r["path"] == "api/broken.proto" for r in ws.get("refused", [])) else None

        ws = wait_for(settled, timeout=60, interval=0.2)
        assert ws is not None, d.log.read_text()[-3000:]
        assert d.alive()
        reason = {r["path"]: r["reason"] for r in ws["refused"]}["api/broken.proto"]
        assert "SIGSEGV" in reason, reason
        assert wait_for(lambda: d.call("symbol.definition", {"name": "stock_level"})["total"], timeout=30)
        assert d.call("symbol.definition", {"name": "OrderBook.total"})["total"] >= 1
    finally:
        d.stop()
