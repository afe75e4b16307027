"""``lode status`` lists each language on one aligned row: counts in one column
whatever the language's name (``restructuredtext`` pushed them right), and ``1 file``
rather than ``1 files``. Real store, the CLI as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


def test_language_rows_align_and_count_in_words(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.py").write_text("def f():\n    return 1\n")
    (ws / "b.py").write_text("def g():\n    return 2\n")
    (ws / "notes.rst").write_text("Title\n=====\n\nSome text.\n")
    env = {**os.environ, "LODE_DB": str(tmp_path / "lode.db"), "LODE_NO_DAEMON": "1"}
    r = subprocess.run([*LODE, "index", str(ws), "--no-embed", "--text-ext", ".rst"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([*LODE, "status"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    rows = [line for line in r.stdout.splitlines() if " chunk" in line and "lines" not in line]
    assert len(rows) == 2, r.stdout
    by_lang = {row.split()[0]: row for row in rows}
    assert set(by_lang) == {"python", "restructuredtext"}, rows
    assert " 2 files " in by_lang["python"] and " 1 file " in by_lang["restructuredtext"], rows
    assert len({row.index(" file") for row in rows}) == 1, rows  # counts in one column
