"""The TUI's line to the daemon: a thread-safe JSON-RPC caller that starts a daemon when
none answers (as ``lode --call`` does) and, when the daemon goes away mid-session,
reconnects instead of failing.

Calls are blocking and made from worker threads (the UI never waits on a socket). Each
call borrows an idle connection from a small pool, so a long ``index.run`` does not hold
up searches or status polling; a connection that failed is dropped, never reused.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

from ..rpc.client import Client, NoDaemon, RemoteError, start_daemon
from ..config import default_socket_path

# While another client restarts the daemon (a newer build taking over) the socket is
# briefly dead; wait this long for someone else's daemon before starting our own.
GRACE_SECONDS = 3.0
# Give up (and say so) after this long without an answering daemon.
RECONNECT_SECONDS = 30.0

CONNECTED, RECONNECTING, LOST = "connected", "reconnecting", "lost"


class DaemonLost(NoDaemon):
    """No daemon answered within :data:`RECONNECT_SECONDS`."""


class Connection:
    """``call(method, params)`` against the daemon at ``socket_path``.

    ``on_state(state, message)`` is called (from the calling thread) when the link goes
    down, comes back, or is given up on, so the UI can say so.
    """

    def __init__(self, socket_path: str | None = None, db_path: str | None = None, *,
                 on_state: Callable[[str, str], None] | None = None,
                 call_timeout: float | None = None,
                 reconnect_seconds: float = RECONNECT_SECONDS,
                 grace_seconds: float = GRACE_SECONDS):
        self.socket_path = socket_path or default_socket_path()
        self.db_path = db_path
        # As ``lode --call``: on a socket someone chose, a daemon is started only when the
        # store it should serve is known (given, or learnt from the daemon that was there);
        # the default store behind a chosen socket would answer from the wrong index.
        self.chosen_socket = socket_path is not None
        self.on_state = on_state or (lambda state, message: None)
        self.call_timeout = call_timeout
        self.reconnect_seconds = reconnect_seconds
        self.grace_seconds = grace_seconds
        self.state = LOST
        self.started_daemon = False
        self._idle: list[Client] = []
        self._lock = threading.Lock()
        self._reconnect_lock = threading.Lock()

    # -- the one public operation -------------------------------------------------------

    def call(self, method: str, params: list | dict | None = None, *,
             timeout: float | None = None) -> Any:
        """The method's result; :class:`RemoteError` for an error answer (the daemon's
        message intact); :class:`DaemonLost` when no daemon comes back in time.

        A call whose connection dies is retried once on a fresh connection: every
        method the TUI sends is either read-only or idempotent (configure, add of an
        existing root is refused cleanly, index.run is incremental)."""
        for attempt in (1, 2):
            client = self._borrow(timeout)
            try:
                result = client.call(method, params)
            except RemoteError:
                self._give_back(client)
                raise
            except (NoDaemon, OSError, ValueError):
                # Hang-up, reset, or a half-read line: this connection is done, and the
                # idle ones went to the same daemon, so they go too.
                _close_quietly(client)
                self.close()
                if attempt == 2:
                    raise
                self._set_state(RECONNECTING, "lost the daemon; reconnecting…")
                continue
            self._give_back(client)
            return result
        raise AssertionError("unreachable")

    @property
    def may_start(self) -> bool:
        return self.db_path is not None or not self.chosen_socket

    @property
    def reconnecting(self) -> bool:
        """A call is waiting for a daemon right now."""
        return self._reconnect_lock.locked()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for client in idle:
            _close_quietly(client)

    # -- connections ---------------------------------------------------------------------

    def _borrow(self, timeout: float | None) -> Client:
        with self._lock:
            client = self._idle.pop() if self._idle else None
        if client is not None:
            # Client takes its timeout at construction; a pooled one is re-armed per call.
            client._sock.settimeout(timeout if timeout is not None else self.call_timeout)
            return client
        try:
            client = Client(self.socket_path, timeout=timeout or self.call_timeout)
        except NoDaemon:
            client = self._reconnect(timeout)
        if self.state != CONNECTED:
            previous = self.state
            self._set_state(CONNECTED, "reconnected to the daemon" if previous == RECONNECTING
                            else f"connected to the daemon on {self.socket_path}")
        return client

    def _give_back(self, client: Client) -> None:
        with self._lock:
            if len(self._idle) < 4:
                self._idle.append(client)
                return
        _close_quietly(client)

    def _reconnect(self, timeout: float | None) -> Client:
        """Wait for a daemon; after the grace period start one ourselves (the daemon's
        lock file settles a race with another client doing the same)."""
        with self._reconnect_lock:
            first = self.state == LOST and not self.started_daemon
            if not first:
                self._set_state(RECONNECTING, "lost the daemon; reconnecting…")
            deadline = time.monotonic() + self.reconnect_seconds
            start_after = time.monotonic() + (0 if first else self.grace_seconds)
            tried_start = False
            while True:
                try:
                    return Client(self.socket_path, timeout=timeout or self.call_timeout)
                except NoDaemon:
                    pass
                now = time.monotonic()
                if now >= deadline:
                    self._set_state(LOST, f"no daemon answers on {self.socket_path}")
                    raise DaemonLost(f"no lode daemon answered on {self.socket_path} "
                                     f"within {self.reconnect_seconds:.0f} s")
                if not self.may_start:
                    if first:
                        message = ("no daemon answers; give --db PATH (or $LODE_DB) to start "
                                   f"one on {self.socket_path}")
                        self._set_state(LOST, message)
                        raise DaemonLost(message)
                    tried_start = True  # wait for one to come back, never start one
                if not tried_start and now >= start_after:
                    tried_start = True
                    try:
                        start_daemon(self.socket_path, self.db_path,
                                     timeout=max(1.0, deadline - now))
                        self.started_daemon = True
                    except (NoDaemon, OSError) as exc:
                        if first:  # nothing ever answered here: say why now, not in 30 s
                            message = (f"cannot start a daemon ({exc.strerror or exc}) on "
                                       f"{self.socket_path}" if isinstance(exc, OSError)
                                       else exc.message)
                            self._set_state(LOST, message)
                            raise DaemonLost(message) from None
                        # else keep waiting: another client may be bringing one up
                    continue
                time.sleep(0.2)

    def _set_state(self, state: str, message: str) -> None:
        if state == self.state:
            return
        self.state = state
        try:
            self.on_state(state, message)
        except Exception:  # the UI may be shutting down; the connection must not care
            pass


def _close_quietly(client: Client) -> None:
    try:
        client.close()
    except OSError:
        pass
