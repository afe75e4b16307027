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
import json
import logging
import os
import select
import signal
import socket
import stat
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..config import default_socket_path
from ..errors import DaemonRunning, LodeError, StoreError
from .bounds import (MAX_CONNECTIONS, MAX_CONNECTION_INPUT, MAX_DAEMON_INPUT, MAX_REPLY_BYTES,
                     REQUEST_SECONDS, Cancelled, ReplyTooLarge, RequestTimeout, Token,
                     release_memory, run_with)
from .handlers import TABLE, Context
from .methods import MethodTable
from .cache import SEARCHES, ReplyCache
from .protocol import (InvalidRequest, Invalid, ParseError, Request, decode, encode_error,
                       encode_value, frame, result_line)

log = logging.getLogger("lode.rpc")

TOO_LARGE = object()
#: Pending connections the kernel queues. A burst of clients connecting at once beyond
#: the queue is refused with EAGAIN, which asyncio clients misread as connected (their
#: first write then fails with "Connection lost"): room for every client served.
BACKLOG = 2 * MAX_CONNECTIONS
OVER_BUDGET = object()


def _private_dir(path: str) -> None:
    """Create (or check) the socket's directory: ours, not a symlink. Every directory
    created here is mode 0700 whatever the umask (``os.makedirs`` gives the ones above
    the last the default mode); an existing one keeps its mode — the socket itself is
    0600 — unless anyone could replace the socket in it (world-writable without the
    sticky bit), which is refused."""
    missing = []
    head = path
    while head and not os.path.lexists(head):
        missing.append(head)
        head = os.path.dirname(head)
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        for created in missing:
            os.chmod(created, 0o700)
    except OSError as exc:
        raise LodeError(f"cannot create socket directory {path}: {exc.strerror or exc}") from None
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise LodeError(f"refusing socket directory {path}: not a directory owned by this user")
    if st.st_mode & stat.S_IWOTH and not st.st_mode & stat.S_ISVTX:
        raise LodeError(f"refusing socket directory {path}: others may write to it "
                        f"(mode {stat.S_IMODE(st.st_mode):o}); use a private directory")
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
        sock.listen(BACKLOG)
    except OSError as exc:  # path too long for AF_UNIX, read-only directory …
        sock.close()
        raise LodeError(f"cannot listen on {path}: {exc.strerror or exc}") from None
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.setblocking(False)
    return sock


class InputBudget:
    """Bytes of unfinished request lines buffered across every connection: a daemon-wide
    cap, so many connections each holding a partial line cannot inflate memory."""

    def __init__(self, limit: int = MAX_DAEMON_INPUT):
        self.limit = limit
        self.used = 0
        self.peak = 0

    def take(self, n: int) -> bool:
        if self.used + n > self.limit:
            return False
        self.used += n
        self.peak = max(self.peak, self.used)
        return True

    def give(self, n: int) -> None:
        self.used -= n
        if self.used == 0 and self.peak > MAX_CONNECTION_INPUT:
            self.peak = 0
            release_memory()


async def read_lines(reader: asyncio.StreamReader, limit: int, budget: InputBudget | None = None):
    """Lines from ``reader`` without their newline; a line over ``limit`` bytes is
    yielded once as :data:`TOO_LARGE` (as soon as it is seen) and the rest skipped.
    With a ``budget``, buffered bytes are charged to it; when it is exhausted
    :data:`OVER_BUDGET` is yielded and reading stops."""
    buf = bytearray()
    discarding = False
    try:
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
                if not discarding and end > start:
                    if len(buf) + end - start > limit:
                        if budget is not None:
                            budget.give(len(buf))
                        buf = bytearray()
                        discarding = True
                        yield TOO_LARGE
                    elif budget is not None and not budget.take(end - start):
                        yield OVER_BUDGET
                        return
                    else:
                        buf += data[start:end]
                if nl < 0:
                    break
                if not discarding:
                    line = bytes(buf)
                    if budget is not None:
                        budget.give(len(buf))
                    buf = bytearray()
                    yield line
                discarding = False
                start = nl + 1
    finally:
        if budget is not None and buf:
            budget.give(len(buf))


def hung_up(sock: socket.socket | None) -> bool:
    """Whether the peer has closed its end completely (not merely finished sending:
    a client may shut down its write side and still wait for the answer)."""
    if sock is None:
        return False
    try:
        p = select.poll()
        p.register(sock.fileno(), select.POLLHUP)
        return any(ev & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, ev in p.poll(0))
    except (OSError, ValueError):
        return True


def _refuse_waiting(sock: socket.socket, exc: BaseException) -> None:
    """Clients that connected while the store was opening (the socket listens first)
    get, for their request, the error that stops the daemon — not a reset connection."""
    sock.setblocking(False)
    while True:
        try:
            conn, _ = sock.accept()
        except OSError:  # none left waiting
            return
        with conn:
            try:
                conn.settimeout(1.0)
                line = conn.makefile("rb").readline(1 << 16)
                try:
                    rid = json.loads(line).get("id")
                except (ValueError, AttributeError):  # not one request: answered with no id
                    rid = None
                conn.sendall(frame(encode_error(rid, exc)))
            except OSError:
                pass  # that client left already


class Daemon:
    def __init__(self, socket_path: str | None = None, db_path: str | None = None, *,
                 watch: bool = True, warm: bool = False, table: MethodTable = TABLE,
                 context: Context | None = None,
                 workers: int = 8, max_request: int = MAX_CONNECTION_INPUT,
                 max_input: int = MAX_DAEMON_INPUT, max_reply: int = MAX_REPLY_BYTES,
                 request_seconds: float = REQUEST_SECONDS, max_connections: int = MAX_CONNECTIONS):
        self.socket_path = socket_path or default_socket_path()
        self.table = table
        self.ctx = context or Context(db_path)
        self.watch = watch
        self.warm = warm  # load the model and vectors as it starts (lode serve)
        self.max_request = max_request
        self.max_reply = max_reply
        self.request_seconds = request_seconds
        self.max_connections = max_connections
        self.budget = InputBudget(max_input)
        self.connections = 0
        self.counts = {"served": 0, "cancelled": 0, "timed_out": 0, "dropped_lines": 0}
        self.cache: ReplyCache | None = None  # made once the store is open
        # Identical cacheable requests being computed now: the first computes, the
        # others wait for its answer (after a change, many clients ask the same things).
        self._inflight: dict[tuple, asyncio.Future] = {}
        self.ctx.stats = self.stats
        # Reads run on pools (a slow one holds one thread, and only until its deadline):
        # searches on their own, so a lookup of a millisecond never queues behind ranked
        # searches of tens; writes queue on their own thread.
        self.pool = ThreadPoolExecutor(max_workers=max(1, workers // 2), thread_name_prefix="lode-rpc")
        self.search_pool = ThreadPoolExecutor(max_workers=max(1, workers - workers // 2),
                                              thread_name_prefix="lode-rpc-search")
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lode-rpc-write")
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._running: set[Token] = set()  # requests on the pools now (stopped on exit)

    def stats(self) -> dict:
        return {"connections": self.connections, **self.counts,
                "input_buffered": self.budget.used, "rss_bytes": _rss(),
                "cache": self.cache.stats() if self.cache is not None else None}

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
                self._loop.add_signal_handler(sig, self._stopping, sig.name)
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
            service = await self._loop.run_in_executor(self.pool, lambda: self.ctx.service)
            stamps = getattr(service, "change_stamps", None)  # a stand-in service has none
            self.cache = ReplyCache(stamps() if stamps is not None else None)
        except BaseException as exc:
            await self._loop.run_in_executor(None, _refuse_waiting, sock, exc)
            sock.close()
            os.unlink(self.socket_path)
            os.close(lock)
            raise
        server = await asyncio.start_unix_server(self._connection, sock=sock,
                                                 limit=1 << 16, backlog=BACKLOG)
        # the start-up every server shares (the watcher), then the warm-up of what a
        # client's first search would wait for
        self.ctx.start(watch=self.watch)
        if self.warm:
            self.ctx.warm_up_in_background()
        log.info("lode daemon listening on %s", self.socket_path)
        if ready is not None:
            ready.set()
        try:
            await self._stop.wait()
        finally:
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2)
            # Stop the work under way: reads' store statements at once, index runs (a
            # request's, the watcher's) at their next file or batch, each batch written
            # whole; then wait for them, so the process ends with nothing left running.
            for token in list(self._running):
                if token.deadline is not None:
                    token.cancel()
            await self._loop.run_in_executor(None, self.ctx.stop)
            for pool in (self.pool, self.search_pool, self.writer):
                pool.shutdown(wait=False, cancel_futures=True)
            await self._loop.run_in_executor(None, self._drain)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.socket_path)
            os.close(lock)  # only now may another daemon take the path

    def _drain(self) -> None:
        for pool in (self.pool, self.search_pool, self.writer):
            pool.shutdown(wait=True)

    def _stopping(self, why: str) -> None:
        # Said in the log: a daemon that vanished under its clients must say who stopped it.
        log.warning("stopping on %s", why)
        self._stop.set()

    # -- connections ------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock = writer.get_extra_info("socket")
        self.connections += 1
        try:
            if self.connections > self.max_connections:
                writer.write(frame(encode_error(None, LodeError(
                    f"too many connections (at most {self.max_connections}); try again"))))
                await writer.drain()
                return
            async for line in read_lines(reader, self.max_request, self.budget):
                if line is OVER_BUDGET:
                    # Every connection's unfinished input together is over the daemon's
                    # cap: this one is refused and closed, the others go on.
                    writer.write(frame(encode_error(None, InvalidRequest(
                        "invalid request: the daemon's input buffers are full; "
                        "send shorter requests"))))
                    await writer.drain()
                    return
                if line is TOO_LARGE:
                    response: Any = encode_error(None, InvalidRequest(
                        f"invalid request: request larger than {self.max_request} bytes"))
                else:
                    if not line.strip():
                        continue
                    if hung_up(sock):  # nobody will read the answers of what is left
                        log.info("client went away; %d unread bytes dropped", len(line))
                        self.counts["dropped_lines"] += 1
                        return
                    response = await self.handle_line(line, sock)
                if response is not None:
                    writer.write(response if isinstance(response, bytes) else frame(response))
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
            self.connections -= 1
            with contextlib.suppress(Exception):
                writer.close()
                await writer.wait_closed()

    async def handle_line(self, line: bytes, sock: socket.socket | None = None) -> Any:
        """The response line (bytes), or None, to one request line. A batch's replies are
        capped at ``max_reply`` bytes in all: once over, the members still to run are
        answered with -32002 instead of being run."""
        try:
            items, batch = decode(line)
        except (ParseError, InvalidRequest) as exc:
            return frame(encode_error(None, exc))
        parts: list[bytes] = []
        size = 0
        for item in items:  # a batch runs in order: later calls may rely on earlier ones
            if size > self.max_reply and isinstance(item, Request):
                response = None if item.is_notification else encode_error(item.id, ReplyTooLarge(
                    f"reply too large: the batch's replies passed {self.max_reply} bytes"))
            else:
                response = await self._one(item, sock)
            if response is None:
                continue
            part = response if isinstance(response, bytes) else frame(response)[:-1]
            if len(part) > self.max_reply:
                part = frame(encode_error(_reply_id(item), ReplyTooLarge(
                    f"reply too large: over {self.max_reply} bytes; ask for less (a lower "
                    f"'limit', a narrower query)")))[:-1]
            size += len(part)
            parts.append(part)
        if not parts:
            return None
        if batch:
            return b"[" + b",".join(parts) + b"]\n"
        return parts[0] + b"\n"

    async def _one(self, item: Request | Invalid, sock: socket.socket | None = None) -> dict | bytes | None:
        """The response to one request: a dict, or the encoded line (bytes, no newline)."""
        if isinstance(item, Invalid):
            return encode_error(item.id, item.error)
        cache, key, stamp = self.cache, None, None
        try:
            # Writes queue on their own thread, so a long index run (or several) never
            # takes the threads that searches and lookups run on.
            writes = item.method in self.table and self.table.get(item.method).writes
            if cache is not None and not writes and not item.is_notification:
                key = cache.key(item.method, item.params)
                if key is not None:
                    stamp = cache.stamp(item.method, item.params)
                    hit = cache.get(key, stamp)
                    if hit is not None:
                        return result_line(item.id, hit)
                    shared = self._inflight.get((key, stamp))
                    if shared is not None:
                        try:
                            return result_line(item.id, await asyncio.shield(shared))
                        except (Cancelled, RequestTimeout):
                            pass  # the first asker went away or ran out of time: compute
            leader = None
            if key is not None and stamp is not None and (key, stamp) not in self._inflight:
                leader = self._inflight[(key, stamp)] = self._loop.create_future()
                leader.add_done_callback(_ignore_result)
            pool = self.writer if writes else self.search_pool if item.method in SEARCHES else self.pool
            token = Token(None if writes else self.request_seconds)
            # The answer is encoded on the worker thread too: a big one does not hold up
            # the event loop (and so every other connection).
            try:
                running = self._loop.run_in_executor(pool, run_with, self.ctx, token, self._encoded, item)
                self._running.add(token)
                running.add_done_callback(lambda _f, t=token: self._running.discard(t))
                encoded = await self._await(running, token, sock)
            except BaseException as exc:
                if leader is not None:
                    self._inflight.pop((key, stamp), None)
                    leader.set_exception(exc if isinstance(exc, Exception) else Cancelled("cancelled"))
                raise
            if leader is not None:
                self._inflight.pop((key, stamp), None)
                leader.set_result(encoded)
            if item.is_notification:
                return None
            if key is not None:
                cache.put(key, stamp, item.method, item.params, encoded)
            return result_line(item.id, encoded)
        except Cancelled:
            self.counts["cancelled"] += 1
            return None
        except Exception as exc:
            stop = getattr(self, "_stop", None)  # set once the daemon serves a socket
            if stop is not None and stop.is_set():
                # The daemon is stopping and its pools refuse work: end the connection
                # without an answer, so the client reconnects to whichever daemon serves
                # next instead of reading an internal error.
                raise asyncio.CancelledError() from exc
            if isinstance(exc, RequestTimeout):
                self.counts["timed_out"] += 1
            return None if item.is_notification else encode_error(item.id, exc)
        finally:
            self.counts["served"] += 1

    async def _await(self, fut: asyncio.Future, token: Token, sock: socket.socket | None) -> Any:
        """The request's result; meanwhile, every 50 ms, a client that hung up cancels it
        and a passed deadline stops it (its store statements are stopped at once; the
        thread is free again as soon as the handler notices)."""
        while True:
            done, _ = await asyncio.wait({fut}, timeout=0.05)
            if done:
                return fut.result()
            if hung_up(sock):
                if token.deadline is not None:
                    # A read stops at once. A write (an index run, a workspace change)
                    # runs to its end: its batches are useful, and a statement stopped
                    # inside a write transaction would only be rolled back.
                    token.cancel()
                fut.add_done_callback(_ignore_result)
                raise Cancelled("cancelled: the client disconnected")
            if token.deadline is not None and time.monotonic() > token.deadline + 1.0:
                # Not stopped by the store within a second (pure Python work): answer now,
                # the thread finishes on its own and its result is dropped.
                token.cancel()
                fut.add_done_callback(_ignore_result)
                raise RequestTimeout(f"the request ran over its {self.request_seconds:g} s "
                                     f"deadline")

    def _encoded(self, request: Request) -> bytes:
        return encode_value(self.invoke(request))

    def invoke(self, request: Request) -> Any:
        """Run one request's handler on this (worker) thread."""
        method = self.table.get(request.method)
        kwargs = self.table.bind(method, request.params)
        if not method.name.startswith("sys."):
            self._check_store()
        if method.writes:
            with self.ctx.write_lock:
                return method.func(self.ctx, **kwargs)
        return method.func(self.ctx, **kwargs)


    def _check_store(self) -> None:
        """Refuse to answer from a store file that was deleted or replaced (rm, then
        lode index) since this daemon opened it: its answers would be the old file's,
        and its writes lost with it."""
        service = self.ctx.service
        if getattr(service, "store_replaced", lambda: False)():
            raise StoreError(f"the daemon's store {service.db_path} was deleted or replaced since it "
                             "started: its answers would be the old file's; restart the daemon "
                             "(lode --call sys.shutdown, then start it again)")


def _reply_id(item: Request | Invalid) -> Any:
    rid = getattr(item, "id", None)
    return rid if isinstance(rid, (str, int, float)) and not isinstance(rid, bool) else None


def _rss() -> int | None:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _ignore_result(fut: asyncio.Future) -> None:
    if not fut.cancelled():
        fut.exception()  # retrieved, so asyncio does not log it as never retrieved
