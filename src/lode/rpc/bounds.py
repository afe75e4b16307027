"""Bounded work per request: the daemon's documented maxima and the per-request token
that stops a request's store work when its deadline passes or its client hangs up.

A request runs on a worker thread with its own service. :func:`run_with` runs it under
the session's :meth:`~lode.session.Session.stopping_when` with the token as the check:
the store stops the request's statements once the token is spent (SQLite between
steps of a statement, PostgreSQL by cancelling it on the server), so a query, a lookup
or a scan ends within milliseconds of its deadline and the thread is free for the next
request.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import time

from ..errors import Cancelled, InvalidParams, LodeError, ReplyTooLarge, RequestTimeout  # noqa: F401 (old import path)
from .protocol import MAX_REQUEST_BYTES

#: A read request (search, lookup, doc.read …) gets this long; writes (index runs) are
#: not bounded — they are checkpointed per batch and useful to finish.
REQUEST_SECONDS = 30.0
#: Input buffered for one connection (its unfinished line: MAX_REQUEST_BYTES) and for
#: the whole daemon.
MAX_CONNECTION_INPUT = MAX_REQUEST_BYTES
MAX_DAEMON_INPUT = 64 * 1024 * 1024
#: The largest reply line (one response, or a whole batch's responses).
MAX_REPLY_BYTES = 8 * 1024 * 1024
#: Connections served at once; more are answered with an error and closed.
MAX_CONNECTIONS = 512
#: Every ``limit`` parameter is clamped to its method's maximum (documented in
#: docs/daemon.md); zero or a negative limit is refused.
LIMIT_MAX = {
    "search.query": 1000,  # the search's own maximum (lode.search.options)
    "symbol.definition": 1000,
    "symbol.references": 5000,
    "symbol.implementations": 1000,
    "symbol.describe": 100,
    "symbol.search": 1000,
    "symbol.list": 10000,
    "ast.query": 5000,
}

class Token:
    """One request's deadline and cancel flag, checked while its store statements run."""

    __slots__ = ("deadline", "cancelled")

    def __init__(self, seconds: float | None):
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.cancelled = False

    def spent(self) -> bool:
        return self.cancelled or (self.deadline is not None and time.monotonic() > self.deadline)

    def cancel(self) -> None:
        self.cancelled = True


def run_with(session, token: Token, fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` on this thread under ``token``: store work it does stops
    once the token is spent, and the error says why."""
    with session.stopping_when(token.spent, lambda: _why(token)):
        return fn(*args, **kwargs)


def _why(token: Token) -> LodeError:
    if token.cancelled:
        return Cancelled("cancelled: the client disconnected")
    return RequestTimeout("the request ran over its deadline and was stopped")


def clamp_limit(method: str, limit: int | None) -> int | None:
    """``limit`` within ``[1, LIMIT_MAX[method]]``: larger values are clamped (a caller
    asking for "everything" gets the documented maximum), zero and negatives refused."""
    if limit is None:
        return None
    if limit < 1:
        raise InvalidParams(f"invalid params: 'limit' must be at least 1, got {limit}",
                            data={"param": "limit"})
    return min(limit, LIMIT_MAX[method])


_libc = None


def release_memory() -> None:
    """Hand freed heap back to the system (glibc keeps it otherwise): after a burst of
    large buffers the daemon's resident size returns near its baseline."""
    global _libc
    try:
        if _libc is None:
            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        _libc.malloc_trim(0)
    except (OSError, AttributeError):
        _libc = False  # not glibc: nothing to do
