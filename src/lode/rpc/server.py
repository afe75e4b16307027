"""The daemon: an asyncio Unix-socket server speaking line-delimited JSON-RPC 2.0.

All clients share one store. Each request's handler runs on a worker thread (a service
per thread); methods that write run one at a time on a writer thread (and take the lock
the watcher's re-indexing takes), so reads go on while an index runs.
Nothing a client sends or does — bad JSON, a huge line, hanging up mid-call — stops the
server: every failure becomes an error response or a logged, closed connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import socket
import stat
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..errors import LodeError
from .handlers import TABLE, Context
from .methods import MethodTable
from .protocol import (MAX_REQUEST_BYTES, InvalidRequest, Invalid, ParseError, Request,
                       decode, encode_error, encode_result, frame)

log = logging.getLogger("lode.rpc")

TOO_LARGE = object()


def default_socket_path() -> str:
    """``$LODE_SOCKET``, else ``$XDG_RUNTIME_DIR/lode/daemon.sock``, else
    ``/tmp/lode-<uid>/daemon.sock`` — always per user."""
    env = os.environ.get("LODE_SOCKET")
    if env:
        return env
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    base = os.path.join(runtime, "lode") if runtime else f"/tmp/lode-{os.getuid()}"
    return os.path.join(base, "daemon.sock")


class DaemonRunning(LodeError):
    exit_code = 1


def _private_dir(path: str) -> None:
    """Create (or check) the socket's directory: ours, not a symlink, mode 0700."""
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except OSError as exc:
        raise LodeError(f"cannot create socket directory {path}: {exc.strerror or exc}") from None
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise LodeError(f"refusing socket directory {path}: not a directory owned by this user")
    if path.startswith("/tmp/lode-"):
        os.chmod(path, 0o700)


def claim(path: str) -> int:
    """An exclusive lock on ``<path>.lock``, held for the daemon's lifetime: only its
    holder may replace a stale socket file, so two daemons starting at once cannot
    unlink each other's socket. Returns the lock's file descriptor."""
    fd = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise DaemonRunning(f"a lode daemon already listens on {path}") from None
    return fd


def bind_socket(path: str) -> socket.socket:
    """A listening socket at ``path`` readable and writable by its owner only. A stale
    socket file (nobody answering) is replaced; a live one is refused. The caller holds
    :func:`claim` on ``path``."""
    if os.path.exists(path):
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
        except OSError:
            os.unlink(path)
        else:
            raise DaemonRunning(f"a lode daemon already listens on {path}")
        finally:
            probe.close()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        sock.bind(path)
        sock.listen(64)
    except OSError as exc:  # path too long for AF_UNIX, read-only directory …
        sock.close()
        raise LodeError(f"cannot listen on {path}: {exc.strerror or exc}") from None
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.setblocking(False)
    return sock


async def read_lines(reader: asyncio.StreamReader, limit: int):
    """Lines from ``reader`` without their newline; a line over ``limit`` bytes is
    yielded once as :data:`TOO_LARGE` (as soon as it is seen) and the rest skipped."""
    buf = bytearray()
    discarding = False
    while True:
        data = await reader.read(1 << 16)
        if not data:
            if buf and not discarding:
                yield bytes(buf)
            return
        start = 0
        while start < len(data):
            nl = data.find(b"\n", start)
            end = len(data) if nl < 0 else nl
            if not discarding:
                buf += data[start:end]
                if len(buf) > limit:
                    buf.clear()
                    discarding = True
                    yield TOO_LARGE
            if nl < 0:
                break
            if not discarding:
                yield bytes(buf)
            buf.clear()
            discarding = False
            start = nl + 1


class Daemon:
    def __init__(self, socket_path: str | None = None, db_path: str | None = None, *,
                 watch: bool = True, table: MethodTable = TABLE, context: Context | None = None,
                 workers: int = 4, max_request: int = MAX_REQUEST_BYTES):
        self.socket_path = socket_path or default_socket_path()
        self.table = table
        self.ctx = context or Context(db_path)
        self.watch = watch
        self.max_request = max_request
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lode-rpc")
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lode-rpc-write")
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.watcher = None

    # -- lifecycle --------------------------------------------------------------------

    def run(self) -> None:
        asyncio.run(self.serve())

    async def serve(self, ready: "asyncio.Event | None" = None) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        # Stop a moment later, so the answer to sys.shutdown is written first.
        self.ctx.shutdown = lambda: self._loop.call_soon_threadsafe(
            self._loop.call_later, 0.1, self._stop.set)
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                self._loop.add_signal_handler(sig, self._stop.set)
        _private_dir(os.path.dirname(os.path.abspath(self.socket_path)))
        lock = claim(self.socket_path)
        try:
            sock = bind_socket(self.socket_path)
        except BaseException:
            os.close(lock)
            raise
        # Open the store (and run migrations) once before any client can race on it; a
        # store that cannot open stops the daemon here with the reason.
        try:
            await self._loop.run_in_executor(self.pool, lambda: self.ctx.service)
        except BaseException:
            sock.close()
            os.unlink(self.socket_path)
            os.close(lock)
            raise
        server = await asyncio.start_unix_server(self._connection, sock=sock,
                                                 limit=1 << 16)
        if self.watch:
            self._start_watcher()
        log.info("lode daemon listening on %s", self.socket_path)
        if ready is not None:
            ready.set()
        try:
            await self._stop.wait()
        finally:
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2)
            if self.watcher is not None:
                self.watcher.stop()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.socket_path)
            os.close(lock)  # only now may another daemon take the path
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.writer.shutdown(wait=False, cancel_futures=True)

    def _start_watcher(self) -> None:
        try:
            from .watch import Watcher
        except ImportError as exc:  # watchfiles missing: serve without live re-indexing
            log.warning("not watching workspaces: %s", exc)
            return
        self.watcher = Watcher(self.ctx)
        self.ctx.workspaces_changed = self.watcher.refresh
        self.watcher.start()

    # -- connections ------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            async for line in read_lines(reader, self.max_request):
                if line is TOO_LARGE:
                    response: Any = encode_error(None, InvalidRequest(
                        f"invalid request: request larger than {self.max_request} bytes"))
                else:
                    if not line.strip():
                        continue
                    response = await self.handle_line(line)
                if response is not None:
                    writer.write(frame(response))
                    await writer.drain()
        except (ConnectionError, BrokenPipeError, asyncio.IncompleteReadError):
            log.info("client went away mid-call")
        except asyncio.CancelledError:
            # The daemon is stopping with this client still connected: end quietly
            # (a cancelled connection task makes asyncio log a spurious error).
            pass
        except Exception:  # never let one connection take the server down
            log.exception("connection failed")
        finally:
            with contextlib.suppress(Exception):
                writer.close()
                await writer.wait_closed()

    async def handle_line(self, line: bytes) -> Any:
        """The response (a dict, a list for a batch, or None) to one request line."""
        try:
            items, batch = decode(line)
        except (ParseError, InvalidRequest) as exc:
            return encode_error(None, exc)
        responses = []
        for item in items:  # a batch runs in order: later calls may rely on earlier ones
            response = await self._one(item)
            if response is not None:
                responses.append(response)
        if batch:
            return responses or None
        return responses[0] if responses else None

    async def _one(self, item: Request | Invalid) -> dict | None:
        if isinstance(item, Invalid):
            return encode_error(item.id, item.error)
        try:
            # Writes queue on their own thread, so a long index run (or several) never
            # takes the threads that searches and lookups run on.
            writes = item.method in self.table and self.table.get(item.method).writes
            pool = self.writer if writes else self.pool
            result = await self._loop.run_in_executor(pool, self.invoke, item)
        except Exception as exc:
            return None if item.is_notification else encode_error(item.id, exc)
        return None if item.is_notification else encode_result(item.id, result)

    def invoke(self, request: Request) -> Any:
        """Run one request's handler on this (worker) thread."""
        method = self.table.get(request.method)
        kwargs = self.table.bind(method, request.params)
        if method.writes:
            with self.ctx.write_lock:
                return method.func(self.ctx, **kwargs)
        return method.func(self.ctx, **kwargs)
