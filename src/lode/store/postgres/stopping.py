"""Stopping a PostgreSQL store's statements when a check says so (:meth:`PgStore.stop_when`).

SQLite asks a progress handler on the statement's own thread; a PostgreSQL statement
runs on the server, so a watcher thread asks the check while this store has connections
out of the pool and sends the server a cancel request for each of them once it turns
true. The statement then fails with ``QueryCanceled`` (:meth:`PgStore.stopped`), and a
transaction it was part of is rolled back, as with any failed statement.
"""

from __future__ import annotations

import logging
import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterator

log = logging.getLogger("lode.store.postgres")

# How often the check is asked while a statement may be running: a stopped request ends
# within this (plus one round trip for the cancel).
_POLL_SECONDS = 0.02
# An idle watcher ends after this long; the next borrowed connection starts another.
_IDLE_SECONDS = 5.0


class StoppablePool:
    """One store's view of the shared connection pool: connections it hands out are
    cancelled once ``check()`` is true. Everything else is the pool's own."""

    def __init__(self, pool, check: Callable[[], bool]):
        self._pool = pool
        self._check = check
        self._out: set = set()
        self._lock = threading.Lock()
        self._busy = threading.Event()
        self._watcher: threading.Thread | None = None

    def __getattr__(self, name: str):
        return getattr(self._pool, name)

    @contextmanager
    def connection(self, *args, **kwargs) -> Iterator:
        with self._pool.connection(*args, **kwargs) as conn:
            with self._lock:
                self._out.add(conn)
                self._busy.set()
                if self._watcher is None:
                    self._watcher = threading.Thread(target=self._watch, name="lode-pg-stop", daemon=True)
                    self._watcher.start()
            try:
                yield conn
            finally:
                with self._lock:
                    self._out.discard(conn)
                    if not self._out:
                        self._busy.clear()

    def _watch(self) -> None:
        while True:
            if not self._busy.wait(_IDLE_SECONDS):
                with self._lock:
                    if not self._out:
                        self._watcher = None
                        return
                continue
            time.sleep(_POLL_SECONDS)
            if self._out and self._stop_requested():
                with self._lock:  # only connections still out: one back in the pool is another's
                    for conn in list(self._out):
                        try:
                            conn.cancel_safe(timeout=1.0)
                        except Exception as exc:  # the server is gone: the statement fails anyway
                            log.debug("cancel failed: %s", exc)
                time.sleep(_POLL_SECONDS * 5)  # let the cancelled statement fail before asking again

    def _stop_requested(self) -> bool:
        try:
            return bool(self._check())
        except Exception:  # a broken check must not kill the watcher
            log.exception("stop check failed")
            return False
