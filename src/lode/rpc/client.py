"""A small synchronous client for the daemon (``lode --call``, tests, benchmarks), and
the code that starts a daemon when none answers."""

from __future__ import annotations

import itertools
import json
import os
import socket
import subprocess
import sys
import time
from typing import Any

from ..errors import NoDaemon, RemoteError  # noqa: F401 (old import path)
from ..config import default_socket_path


class Client:
    def __init__(self, socket_path: str | None = None, timeout: float | None = None):
        self.socket_path = socket_path or default_socket_path()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(timeout)
        try:
            self._sock.connect(self.socket_path)
        except OSError as exc:
            self._sock.close()
            raise NoDaemon(f"no lode daemon answers on {self.socket_path}: {exc.strerror or exc}") from None
        self._file = self._sock.makefile("rb")
        self._ids = itertools.count(1)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()
        self._sock.close()

    def send_raw(self, line: bytes) -> Any:
        """Send one raw line, return the decoded response line (None on hang-up)."""
        try:
            self._sock.sendall(line if line.endswith(b"\n") else line + b"\n")
            reply = self._file.readline()
        except (ConnectionResetError, BrokenPipeError):
            return None  # the daemon went away: a hang-up, as an empty read is
        return json.loads(reply) if reply else None

    def call(self, method: str, params: list | dict | None = None) -> Any:
        rid = next(self._ids)
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            message["params"] = params
        reply = self.send_raw(json.dumps(message).encode())
        if reply is None:
            raise NoDaemon("the daemon closed the connection")
        if "error" in reply:
            err = reply["error"]
            raise RemoteError(err.get("code", -32603), err.get("message", ""), err.get("data"))
        return reply.get("result")


def start_daemon(socket_path: str, db_path: str | None = None, *, timeout: float = 15.0,
                 log_path: str | None = None) -> None:
    """Start ``lode serve`` in the background and wait until it answers."""
    cmd = [sys.executable, "-c", "from lode.cli import main; main()", "serve",
           "--socket", socket_path]
    if db_path:
        cmd += ["--db", os.fspath(db_path)]
    log_path = log_path or os.path.join(os.path.dirname(os.path.abspath(socket_path)), "daemon.log")
    os.makedirs(os.path.dirname(log_path), mode=0o700, exist_ok=True)
    with open(os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab") as log:
        logged = log.seek(0, os.SEEK_END)
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        exited = proc.poll() is not None
        try:
            Client(socket_path, timeout=1).close()
            return  # ours, or one that another caller started a moment earlier
        except NoDaemon:
            if exited:
                raise NoDaemon(f"the daemon exited at start (code {proc.returncode}): "
                               f"{_last_line(log_path, logged) or 'see ' + log_path}") from None
            time.sleep(0.05)
    raise NoDaemon(f"the daemon did not answer within {timeout:.0f} s; see {log_path}")


def _last_line(log_path: str, offset: int) -> str:
    """The last line the daemon wrote to its log after ``offset`` (its reason for
    stopping: ``lode: cannot open store …``), without the ``lode:`` prefix."""
    try:
        with open(log_path, "rb") as f:
            f.seek(offset)
            lines = f.read()[-4096:].decode("utf-8", "replace").strip().splitlines()
    except OSError:
        return ""
    return lines[-1].removeprefix("lode: ") if lines else ""


def connect(socket_path: str | None = None, db_path: str | None = None, *, start: bool = True,
            timeout: float | None = None) -> Client:
    """A client for the daemon at ``socket_path``, starting one when none answers."""
    path = socket_path or default_socket_path()
    try:
        return Client(path, timeout=timeout)
    except NoDaemon:
        if not start:
            raise
    start_daemon(path, db_path)
    return Client(path, timeout=timeout)
