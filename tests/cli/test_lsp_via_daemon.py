"""A look-up that a language server would answer goes to a running daemon, which keeps
the server warm, instead of each ``lode def`` starting its own server (seconds per
call for gopls). Real daemon, real jedi-language-server, the CLI as a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]

sys.path.insert(0, str(ROOT / "tests" / "rpc"))
from daemon_process import DaemonProcess  # noqa: E402

MODEL = '''
    class Widget:
        """A thing that draws."""

        def render(self) -> str:
            return "drawn"
'''
APP = '''
    from shapes.model import Widget


    def main() -> str:
        return Widget().render()
'''


def server_children(pid: int) -> list[int]:
    """Language-server processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == pid and b"jedi-language-server" in cmd:
            found.append(int(entry))
    return found


@pytest.fixture
def served(tmp_path, monkeypatch):
    if shutil.which("jedi-language-server") is None:
        pytest.skip("jedi-language-server is not installed (the test extra)")
    ws = tmp_path / "ws"
    (ws / "shapes").mkdir(parents=True)
    (ws / "shapes" / "__init__.py").write_text("")
    (ws / "shapes" / "model.py").write_text(textwrap.dedent(MODEL).lstrip())
    (ws / "app.py").write_text(textwrap.dedent(APP).lstrip())
    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    monkeypatch.setenv("LODE_LSP_TIMEOUT", "60")
    daemon = DaemonProcess(tmp_path, watch=False)
    env = {**os.environ, "LODE_SOCKET": daemon.socket, "LODE_DB": daemon.db}
    env.pop("LODE_NO_DAEMON", None)
    r = subprocess.run([*LODE, "index", str(ws), "--no-embed"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    yield daemon, env, ws
    daemon.stop()


def test_language_server_answers_through_the_daemon(served):
    daemon, env, ws = served
    assert server_children(daemon.proc.pid) == []
    r = subprocess.run([*LODE, "def", "shapes.model.Widget.render", "--json"], env=env, cwd=ws,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    answer = json.loads(r.stdout)
    assert answer["source"] == "lsp:jedi-language-server", answer
    assert (answer["candidates"][0]["path"], answer["candidates"][0]["line"]) == ("shapes/model.py", 4)
    # The daemon started the server and keeps it for the next look-up.
    assert len(server_children(daemon.proc.pid)) == 1
    direct = subprocess.run([*LODE, "def", "shapes.model.Widget.render", "--json", "--no-daemon"], env=env,
                            cwd=ws, capture_output=True, text=True, timeout=120)
    assert json.loads(direct.stdout) == answer


def test_own_lsp_timeout_answers_from_the_store(served):
    """--lsp-timeout is the command's own: the daemon's servers run on the daemon's."""
    daemon, env, ws = served
    r = subprocess.run([*LODE, "def", "shapes.model.Widget.render", "--json", "--lsp-timeout", "60"], env=env,
                       cwd=ws, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["source"] == "lsp:jedi-language-server"
    assert server_children(daemon.proc.pid) == []


def test_timeout_note_names_the_server_once_with_the_timeout_given(served):
    """A server that outlasts --lsp-timeout: the index answers, and the note says who and
    the timeout as typed ("0.25 s"), not the name twice and the time that was left."""
    _daemon, env, ws = served
    r = subprocess.run([*LODE, "refs", "shapes.model.Widget.render", "--lsp-timeout", "0.25", "--no-daemon"],
                       env=env, cwd=ws, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "app.py" in r.stdout  # the index's own answer stands
    assert "index answer (jedi-language-server did not answer within 0.25 s)" in r.stdout, r.stdout
