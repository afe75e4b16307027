"""A server's request deadline stops the request's store statements, on either store:
the session runs a request under ``stopping_when`` and the store stops what it runs
(SQLite between steps of a statement, PostgreSQL by cancelling it on the server); the
error is the one the server chose, never the driver's; the store keeps answering."""

from __future__ import annotations

import threading
import time

import pytest

from lode.errors import RequestTimeout
from lode.service import Service, Session

SQLITE_FOREVER = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"


def _after(seconds: float):
    deadline = time.monotonic() + seconds
    return lambda: time.monotonic() > deadline


def _timeout() -> RequestTimeout:
    return RequestTimeout("the request ran over its deadline and was stopped")


@pytest.fixture(params=["sqlite", "postgresql"])
def session(request, tmp_path):
    db = str(tmp_path / "lode.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    root = tmp_path / "ws"
    root.mkdir()
    (root / "a.py").write_text("def alpha():\n    return 1\n")
    with Service(db) as svc:
        svc.index(str(root), embed=False)
    session = Session(db)
    yield session
    session.service.close()


def _forever(service: Service) -> None:
    """A statement that runs until it is stopped (a test reaching into the store)."""
    store = service.store
    if store.backend == "sqlite":
        store.db.execute(SQLITE_FOREVER).fetchone()
    else:
        with store.connection() as conn:
            conn.execute("SELECT pg_sleep(30)")


def test_a_spent_check_stops_the_running_statement(session):
    service = session.service
    started = time.monotonic()
    with pytest.raises(RequestTimeout):
        with session.stopping_when(_after(0.3), _timeout):
            _forever(service)
    assert 0.25 < time.monotonic() - started < 5
    # The store answers the next request, which no check stops.
    with session.stopping_when(lambda: False, _timeout):
        assert [w["name"] for w in session.service.list_workspaces()] == ["ws"]
    assert session.service.definition("a.alpha")["candidates"]


def test_an_error_that_is_not_a_stop_passes_unchanged(session):
    """A store error while the check is false is the store's own; an error that is
    not the store's stays what it was, even once the check is spent."""
    with pytest.raises(Exception) as exc:
        with session.stopping_when(lambda: False, _timeout):
            if session.service.store.backend == "sqlite":
                session.service.store.db.execute("SELECT * FROM no_such_table")
            else:
                with session.service.store.connection() as conn:
                    conn.execute("SELECT * FROM no_such_table")
    assert not isinstance(exc.value, RequestTimeout)
    with pytest.raises(ZeroDivisionError):
        with session.stopping_when(lambda: True, _timeout):
            1 / 0


def test_each_thread_is_stopped_by_its_own_request_only(session):
    """Two requests on two threads: the one whose deadline passed stops, the other,
    running a statement at the same time, finishes."""
    session.service  # this thread's service, opened before the other thread starts
    outcome: dict = {}

    def long_but_finite() -> None:
        svc = session.service  # a service of that thread's own
        with session.stopping_when(lambda: False, _timeout):
            if svc.store.backend == "sqlite":
                outcome["rows"] = svc.store.db.execute(
                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) "
                    "SELECT count(*) FROM c").fetchone()[0]
            else:
                with svc.store.connection() as conn:
                    outcome["rows"] = conn.execute("SELECT count(*) FROM pg_sleep(1.0), generate_series(1, 3000000)"
                                                   ).fetchone()[0]

    other = threading.Thread(target=long_but_finite)
    other.start()
    with pytest.raises(RequestTimeout):
        with session.stopping_when(_after(0.2), _timeout):
            _forever(session.service)
    other.join(60)
    assert outcome.get("rows") == 3000000
