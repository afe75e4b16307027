"""Connections to a PostgreSQL store: one pool per server URL per process.

Every :class:`~lode.store.postgres.store.PgStore` of a process that names the same URL
borrows from one :class:`psycopg_pool.ConnectionPool` (a daemon opens a store per
thread; each would otherwise hold its own connections). Connections are in autocommit
mode: a read is one statement, and writes open an explicit transaction.

A server that cannot be reached, or a URL it refuses, is a
:class:`~lode.errors.StoreError` naming the URL without its password.
"""

from __future__ import annotations

import threading

from ...config import store_label
from ...errors import StoreError

POOL_SIZE = 8            # connections one process keeps to one server at most
CONNECT_SECONDS = 10.0   # how long opening the store waits for the server

_POOLS: dict[str, tuple[object, int]] = {}  # url -> (pool, stores using it)
_LOCK = threading.Lock()


def redacted(url: str) -> str:
    """``url`` without its password, for messages."""
    return store_label(url)


def _driver():
    try:
        import psycopg  # noqa: F401
        import psycopg_pool
    except ImportError as exc:
        raise StoreError("a PostgreSQL store needs psycopg and psycopg-pool: "
                         "pip install 'lode[postgres]'") from exc
    return psycopg_pool


def acquire(url: str):
    """The process's pool for ``url`` (opened and checked on first use); pair with
    :func:`release`."""
    with _LOCK:
        pool, users = _POOLS.get(url, (None, 0))
        if pool is None:
            pool = _open(url)
        _POOLS[url] = (pool, users + 1)
        return pool


def release(url: str) -> None:
    """One store stopped using ``url``'s pool; the last one closes it."""
    with _LOCK:
        pool, users = _POOLS.get(url, (None, 0))
        if pool is None:
            return
        if users <= 1:
            del _POOLS[url]
            pool.close()
        else:
            _POOLS[url] = (pool, users - 1)


def _open(url: str):
    psycopg_pool = _driver()
    import logging

    import psycopg

    # While a server is away the pool retries in the background and logs each attempt; a
    # request meanwhile gets one StoreError saying so, which is the message that matters.
    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)

    # Check the URL by connecting once, so a wrong host or password is one clear error
    # now rather than a pool retrying in the background.
    try:
        psycopg.connect(url, connect_timeout=int(CONNECT_SECONDS), autocommit=True).close()
    except psycopg.Error as exc:
        raise StoreError(f"cannot connect to the PostgreSQL store {redacted(url)}: "
                         f"{str(exc).strip() or type(exc).__name__}", data={"db": redacted(url)}) from exc
    pool = psycopg_pool.ConnectionPool(url, min_size=1, max_size=POOL_SIZE, open=False,
                                       kwargs={"autocommit": True}, timeout=CONNECT_SECONDS * 3,
                                       name="lode")
    pool.open(wait=True, timeout=CONNECT_SECONDS)
    return pool


def connect(url: str):
    """A connection of its own (not from the pool), for a lock held as long as an index
    run lasts: the server releases it when this process dies."""
    _driver()
    import psycopg

    try:
        return psycopg.connect(url, connect_timeout=int(CONNECT_SECONDS), autocommit=True)
    except psycopg.Error as exc:
        raise StoreError(f"cannot connect to the PostgreSQL store {redacted(url)}: {exc}",
                         data={"db": redacted(url)}) from exc
