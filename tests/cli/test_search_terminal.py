"""On a terminal, ``lode search`` keeps each hit's first line (``path:line kind
breadcrumb``) to the terminal's width, cut with ``…``: a long signature (a Python
function with typed parameters, a TypeScript generic) wrapped over three or four rows
above a snippet that shows the same signature. Piped output is not cut. The CLI in a
real pseudo-terminal."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

LONG = '''def render_invoice(customer_name: str, billing_address: str, shipping_address: str,
                   line_items: list[tuple[str, int, int]], currency: str = "EUR",
                   discount_percent: int = 0, include_tax: bool = True) -> str:
    """Lay the invoice out as text."""
    return customer_name
'''


def _index(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "invoice.py").write_text(LONG)
    env = {**os.environ, "LODE_DB": str(tmp_path / "lode.db"), "LODE_NO_DAEMON": "1", "COLUMNS": "80",
           "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    r = subprocess.run([*LODE, "index", str(ws), "--no-embed"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return ws, env


def _in_terminal(args, cwd, env) -> str:
    main, child = pty.openpty()
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=child, stderr=child, stdin=subprocess.DEVNULL)
    os.close(child)
    chunks = []
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(main)
    return ANSI.sub("", b"".join(chunks).decode()).replace("\r\n", "\n")


def test_first_line_of_a_hit_fits_the_terminal(tmp_path):
    ws, env = _index(tmp_path)
    text = _in_terminal([*LODE, "search", "render", "invoice"], ws, env)
    head = [line for line in text.splitlines() if line.startswith("invoice.py:")]
    assert head, text
    assert len(head[0]) <= 80 and head[0].endswith("…"), head
    assert head[0].startswith("invoice.py:1 function def render_invoice(customer_name: str")
    assert "    def render_invoice(customer_name: str, billing_address: str, shipping_address: str," in text


def test_piped_output_keeps_the_whole_line(tmp_path):
    ws, env = _index(tmp_path)
    r = subprocess.run([*LODE, "search", "render", "invoice"], cwd=ws, env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    head = r.stdout.splitlines()[0]
    assert head.startswith("invoice.py:1 function def render_invoice(") and head.endswith("-> str")
