"""`lode chunk FILE… [--json]` as a user runs it: a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
FIELDS = {"path", "byte_start", "byte_end", "line_start", "line_end", "kind", "name",
          "breadcrumb", "embed", "chunker"}


def lode(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lode", *args], capture_output=True, text=True)


def test_json_lines_have_the_documented_fields_and_true_offsets():
    path = FIXTURES / "go/server/handler.go"
    proc = lode("chunk", "--json", str(path))
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert rows and all(set(r) == FIELDS for r in rows)
    data = path.read_bytes()
    serve = next(r for r in rows if r["name"] == "Handler.ServeHTTP")
    assert data[serve["byte_start"]:serve["byte_end"]].startswith(b"// ServeHTTP answers")
    assert data[serve["byte_start"]:serve["byte_end"]].endswith(b"h.NotFound(w, r)\n}")
    assert [r["kind"] for r in rows][0] == "header" and rows[0]["name"] is None


def test_unreadable_files_are_named_on_stderr_and_the_rest_still_chunked(tmp_path):
    binary = tmp_path / "blob.py"
    binary.write_bytes(b"\x00\x01\x02 not text")
    latin = tmp_path / "old.txt"
    latin.write_bytes("caf\xe9".encode("latin-1"))
    good = FIXTURES / "docs/guide.md"
    proc = lode("chunk", "--json", str(binary), str(tmp_path / "missing.go"), str(latin), str(good))
    assert proc.returncode == 1
    err = proc.stderr
    assert f"{binary}: binary" in err
    assert f"{tmp_path / 'missing.go'}: no such file" in err
    assert f"{latin}: not valid UTF-8" in err
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert {r["path"] for r in rows} == {str(good)}


def test_human_listing_is_readable():
    proc = lode("chunk", str(FIXTURES / "python/mypkg/_impl.py"))
    assert proc.returncode == 0
    assert "class Widget" in proc.stdout and "_impl.py:12-31" in proc.stdout
