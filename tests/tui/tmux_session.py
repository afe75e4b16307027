"""Run ``lode tui`` in a real terminal: a detached tmux session of 80x24 on a private tmux
server, keys sent with ``send-keys``, the screen read back with ``capture-pane``.

Used by test_tmux.py; run on its own to print the screens of a short session (the README's
captured screen comes from it):

    python tests/tui/tmux_session.py
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid


class TmuxSession:
    def __init__(self, command: list[str], *, width: int = 80, height: int = 24,
                 env: dict[str, str] | None = None):
        if shutil.which("tmux") is None:
            raise FileNotFoundError("tmux is not installed")
        # A private server (-L): nothing of the user's tmux is touched, and killing the
        # server at the end stops only what this started.
        self.server = f"lode-tui-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.name = "tui"
        assignments = [f"{k}={shlex.quote(v)}" for k, v in (env or {}).items()]
        # Keep the pane after the TUI exits, so what it printed can be read.
        shell = (f"env -u EDITOR TERM=xterm-256color {' '.join(assignments)} "
                 f"{shlex.join(command)}; echo lode-exit=$?; sleep 600")
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height),
                   shell)

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.server, *args], check=True,
                              capture_output=True, text=True).stdout

    def send(self, *keys: str, literal: bool = False) -> None:
        """``send-keys``: tmux key names (Enter, Escape, F1, C-t) or, with ``literal``,
        text typed as is."""
        self._tmux("send-keys", "-t", self.name, *(["-l"] if literal else []), *keys)

    def type(self, text: str, delay: float = 0.03) -> None:
        for ch in text:  # one key at a time, as a person types
            self.send(ch, literal=True)
            time.sleep(delay)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-t", self.name, "-p")

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear within {timeout} s; screen:\n{screen}")
            time.sleep(0.1)

    def wait_gone(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if text not in screen:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} still shown after {timeout} s; screen:\n{screen}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)


def lode_tui(socket: str, db: str) -> list[str]:
    return [sys.executable, "-c", "from lode.cli import main; main()", "tui",
            "--socket", socket, "--db", db]


def main() -> None:
    """A short session on the example project, every screen printed."""
    import tempfile
    from pathlib import Path

    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here), str(here.parent / "rpc")]
    from tui_helpers import make_shop
    from daemon_process import DaemonProcess

    base = Path(tempfile.mkdtemp(prefix="lode-tui-"))
    shop = make_shop(base)
    daemon = DaemonProcess(base)
    daemon.call("workspace.add", {"root": str(shop)})
    daemon.call("index.run", {"workspace": "shop"})
    tui = TmuxSession(lode_tui(daemon.socket, daemon.db))
    try:
        tui.wait_for("connected to the daemon")
        tui.type("reclaim vectors")
        tui.wait_for("store/reclaim.go:13")
        print(tui.wait_for("❱ 15"))
        tui.send("C-u")
        tui.type("ShoppingCart")
        tui.wait_for("cart/cart.py:15  class")
        tui.send("Enter")
        tui.wait_for("d Definition")
        tui.send("r")
        tui.wait_for("references of cart.ShoppingCart")
        print(tui.wait_for("from cart import"))
        tui.send("F4")
        print(tui.wait_for("docs/broken.txt"))
    finally:
        tui.close()
        daemon.stop()
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
