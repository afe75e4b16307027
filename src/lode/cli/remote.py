"""Asking a running daemon instead of opening the store.

A command that only reads (``search``, ``def``, ``refs``, …) answers from a daemon
when one is up for the same store: the daemon has the store open, the symbol index
and the vectors loaded and the model warm, so the command costs a socket round trip
instead of imports and loads. The output is the same either way: the daemon returns
the very dicts :class:`lode.service.Service` returns, and the command prints them.

The daemon is used only when it answers at once, runs this version of lode and
serves the same store file (its ``sys.capabilities`` names the store). Anything else
— no daemon, another store, an old daemon, a daemon-side failure — falls back to the
store, silently. ``--no-daemon`` (or ``LODE_NO_DAEMON=1``) skips the daemon. A daemon
is never started here (``lode --call`` does that).

Only the standard library is imported: the point is a fast start.
"""

from __future__ import annotations

import os

from .. import __version__
from ..config import default_socket_path, is_postgres_url, resolve_db_location, store_label
from ..errors import LodeError, RemoteFailed  # noqa: F401 (old import path)
from ..workspace.roots import holding
from .. import jsontext as wire  # json's own import (re behind it) would be most of such a look-up's

NO_DAEMON_ENV = "LODE_NO_DAEMON"
CONNECT_SECONDS = 0.5   # a daemon that does not answer its capabilities this fast is skipped
CALL_SECONDS = 120.0

# Errors a daemon raises about itself (overloaded, deadline, method missing, internal):
# the command then answers from the store instead.
_DAEMON_SIDE = {-32700, -32600, -32601, -32603, -32001, -32002, -32003}
class Unusable(Exception):
    """The daemon cannot answer this: use the store."""


def socket_path() -> str:
    """The daemon's default socket (lode.config, which loads neither asyncio nor SQLite)."""
    return default_socket_path()


def store_path(db_path: str | None) -> str:
    """The store a command opens (lode.config, which loads neither asyncio nor SQLite)."""
    return resolve_db_location(db_path)


class Daemon:
    """One connection to a daemon that serves the store the command would open, through
    the C socket module itself (``_socket``): the ``socket`` module's import (its
    constants made enums, selectors) was ~14 M instructions, a quarter of what a look-up
    a daemon answers runs besides the interpreter's start."""

    def __init__(self, sock):
        self.capabilities: dict = {}  # its sys.capabilities (languages, version, store)
        self._sock = sock
        self._rest = b""  # received past the last line read
        self._next = 0

    def close(self) -> None:
        self._sock.close()

    def _readline(self) -> bytes:
        """The next reply line, with its newline; what came before the end of the
        stream when the daemon hung up (b"" when nothing)."""
        parts = [self._rest]
        end = self._rest.find(b"\n")
        while end < 0:
            chunk = self._sock.recv(1 << 16)
            if not chunk:
                self._rest = b""
                return b"".join(parts)
            parts.append(chunk)
            end = chunk.find(b"\n")
            if end >= 0:
                end += sum(len(p) for p in parts[:-1])
        data = b"".join(parts)
        self._rest = data[end + 1:]
        return data[:end + 1]

    def call(self, method: str, params: dict | None = None):
        """The result; raises :class:`RemoteFailed` for a domain error and
        :class:`Unusable` when the daemon failed on its side."""
        self._next += 1
        message = {"jsonrpc": "2.0", "id": self._next, "method": method}
        if params is not None:
            message["params"] = params
        try:
            self._sock.sendall(wire.dumps(message).encode() + b"\n")
            line = self._readline()
        except OSError as exc:
            raise Unusable(str(exc)) from None
        if not line:
            raise Unusable("the daemon closed the connection")
        reply = wire.loads(line)
        if "error" in reply:
            err = reply["error"] or {}
            code = err.get("code", -32603)
            if code in _DAEMON_SIDE:
                raise Unusable(err.get("message", ""))
            raise RemoteFailed(code, err.get("message", ""), err.get("data"))
        return reply.get("result")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _same_store(served: str, wanted: str) -> bool:
    """Whether the daemon's store is this one: the same file, or the same server URL
    (both named without a password). A relative path was the daemon's own cwd's: it
    cannot be compared."""
    if is_postgres_url(served) or is_postgres_url(wanted):
        return served == store_label(wanted)
    return os.path.isabs(served) and _same_file(served, wanted)


def _replaced(caps: dict, path: str) -> bool:
    """Whether the file the daemon opened is no longer the one at ``path`` (deleted and
    made again): it would answer from the old one."""
    opened = ((caps or {}).get("store") or {}).get("file")
    if not opened:
        return False
    try:
        st = os.stat(path)
    except OSError:
        return True
    return [st.st_dev, st.st_ino] != list(opened)


def daemon_for(db_path: str | None, skip: bool = False) -> Daemon | None:
    """A connection to the daemon serving the store ``db_path`` resolves to, or None."""
    if skip or os.environ.get(NO_DAEMON_ENV, "") not in ("", "0"):
        return None
    path = socket_path()
    if not os.path.exists(path):
        return None
    import _socket  # only with a daemon's socket to try

    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    sock.settimeout(CONNECT_SECONDS)
    try:
        sock.connect(path)
    except OSError:
        sock.close()
        return None
    daemon = Daemon(sock)
    try:
        caps = daemon.call("sys.capabilities")
        served = ((caps or {}).get("store") or {}).get("path")
        # A relative path was the daemon's own cwd's: it cannot be compared.
        if (caps.get("version") != __version__ or not isinstance(served, str)
                or not _same_store(served, store_path(db_path)) or _replaced(caps, store_path(db_path))):
            daemon.close()
            return None
        daemon.capabilities = caps
    except (Unusable, LodeError, OSError, ValueError, AttributeError):
        daemon.close()
        return None
    sock.settimeout(CALL_SECONDS)
    return daemon


def workspace_for_path(workspaces: list[dict], path: str) -> str | None:
    """The innermost workspace whose root contains ``path``, from ``workspace.list``:
    the rule :meth:`lode.service.Service.workspace_for_path` applies (one module)."""
    found = holding(path, workspaces, lambda w: w["root"])
    return found["name"] if found is not None else None


def answer(db_path: str | None, skip: bool, remote, local):
    """``remote(daemon)`` when a daemon for this store is up and can answer it, else
    ``local()`` (which opens the store). :class:`RemoteFailed` — the daemon's answer
    is an error the store would give too — propagates."""
    daemon = daemon_for(db_path, skip)
    if daemon is not None:
        try:
            return remote(daemon)
        except Unusable:
            pass
        finally:
            daemon.close()
    return local()
