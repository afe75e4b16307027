"""A real daemon process on a real socket, shared by a test module."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from lode.rpc.client import Client, NoDaemon

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


class DaemonProcess:
    def __init__(self, base, watch: bool = True, start_seconds: float = 20):
        self.socket = str(base / "s.sock")
        self.db = str(base / "store.db")
        self.log = base / "daemon.log"
        cmd = [*LODE, "serve", "--socket", self.socket, "--db", self.db, "-v"]
        if not watch:
            cmd.append("--no-watch")
        self._log = open(self.log, "wb")
        self.proc = subprocess.Popen(cmd, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + start_seconds
        while True:
            try:
                Client(self.socket, timeout=2).close()
                break
            except NoDaemon:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"daemon did not start:\n{self.log.read_text()}")
                time.sleep(0.05)

    def client(self, timeout: float = 30) -> Client:
        return Client(self.socket, timeout=timeout)

    def call(self, method, params=None, timeout: float = 30):
        with self.client(timeout) as c:
            return c.call(method, params)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


@pytest.fixture(scope="module")
def daemon(tmp_path_factory):
    d = DaemonProcess(tmp_path_factory.mktemp("d"))
    yield d
    d.stop()

