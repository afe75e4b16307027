"""Printed text is lode's own: rich's emoji codes are not read in it. A definition on
line 100 printed ``ledger.py💯5`` (``:100:`` is rich's code for 💯), and a name or a
snippet holding ``:x:`` or ``:+1:`` lost it the same way. Real store, the CLI as a
subprocess."""

from __future__ import annotations

import subprocess

from shop_store import LODE, alone


def test_a_definition_on_line_100_prints_its_line_number(tmp_path):
    project = tmp_path / "books"
    project.mkdir()
    (project / "ledger.py").write_text("# a ledger\n" * 99 + "def balance():\n    return 0\n")
    env = alone(tmp_path, LODE_LSP="off")
    r = subprocess.run([*LODE, "index", str(project), "--no-embed"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([*LODE, "def", "ledger.balance"], env=env, cwd=project, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "ledger.py:100:5 function ledger.balance (module ledger)"
