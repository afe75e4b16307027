"""A real ``lode serve`` process on a real socket, and raw-socket helpers that check
every reply is strictly valid JSON."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rpc"))

from daemon_process import LODE, DaemonProcess  # noqa: E402,F401  (LODE: the command, for tests)


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def strict_json(line: bytes):
    """Parse one reply line as strict JSON: UTF-8, no NaN/Infinity, no lone surrogates."""
    text = line.decode("utf-8")  # raises on invalid UTF-8
    value = json.loads(text, parse_constant=_no_constant)
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            v.encode("utf-8")  # raises on a lone surrogate (a \\udcxx escape)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return value


class Daemon(DaemonProcess):
    """The shared test daemon (tests/rpc/daemon_process.py), unwatched by default, with
    process and raw-socket probes."""

    def __init__(self, base: Path, watch: bool = False):
        base.mkdir(parents=True, exist_ok=True)
        super().__init__(base, watch=watch, start_seconds=30)

    def call(self, method, params=None, timeout: float = 60):
        return super().call(method, params, timeout)

    def rss(self) -> int:
        with open(f"/proc/{self.proc.pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def connect(self, timeout: float = 30) -> socket.socket:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(timeout)
        s.connect(self.socket)
        return s

    def exchange(self, data: bytes, timeout: float = 30) -> list:
        """Send raw bytes on a new connection, half-close, and return every reply line
        parsed strictly."""
        with self.connect(timeout) as s:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
            buf = b""
            while chunk := s.recv(1 << 16):
                buf += chunk
        assert not buf or buf.endswith(b"\n"), buf[-200:]
        return [strict_json(line) for line in buf.split(b"\n") if line]

def request(method: str, params=None, rid=1) -> bytes:
    msg = {"jsonrpc": "2.0", "id": rid, "method": method}
    if params is not None:
        msg["params"] = params
    return json.dumps(msg).encode() + b"\n"
