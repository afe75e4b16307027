"""A lost daemon: the TUI says so, reconnects (starting a daemon on the same socket and
store when none comes back), and searches again. And the build that reads more: the
restart offer, and the restart itself against a real daemon."""

from __future__ import annotations

import asyncio
import copy
import threading
import time

import pytest

from daemon_process import DaemonProcess
from lode.rpc.client import Client, NoDaemon
from lode.tui import capabilities
from lode.tui.app import LodeApp
from lode.tui.connection import Connection
from lode.tui.search_pane import SearchPane
from lode.tui.workspaces_pane import ConfirmScreen
from tui_helpers import make_shop, screen_text, until


@pytest.fixture
def lone_daemon(tmp_path):
    shop = make_shop(tmp_path)
    d = DaemonProcess(tmp_path, watch=False)
    d.call("workspace.add", {"root": str(shop)})
    d.call("index.run", {"workspace": "shop"})
    yield d
    d.stop()
    try:  # a daemon the TUI started in its place
        with Client(d.socket, timeout=5) as c:
            c.call("sys.shutdown")
    except NoDaemon:
        pass


def test_a_lost_daemon_is_reported_and_replaced(lone_daemon):
    async def main():
        # No store named: the replacement daemon must serve the one the first daemon
        # reported, not the per-user default.
        app = LodeApp(lone_daemon.socket, None)
        async with app.run_test(size=(80, 24)) as pilot:
            pane = app.query_one(SearchPane)
            await until(pilot, lambda: app.connection.db_path == lone_daemon.db, "the store")
            await pilot.press(*"reclaim")
            await until(pilot, lambda: pane.hits, "hits")
            lone_daemon.stop()
            # The heartbeat notices; after the grace period the TUI starts a daemon on
            # the same socket and store.
            await until(pilot, lambda: "reconnecting" in screen_text(app), "the lost notice",
                        timeout=15)
            await until(pilot, lambda: "reconnected to the daemon" in screen_text(app),
                        "the reconnection", timeout=40)
            assert app.connection.started_daemon
            app.query_one("#query").value = "total cents"
            await until(pilot, lambda: pane.hits and pane.last_result["query"] == "total cents",
                        "hits from the new daemon")
            assert pane.hits[0]["path"].startswith("cart/")

    asyncio.run(main())


def test_other_clients_ride_out_a_restart_by_one_client(lone_daemon):
    """One client restarts the daemon as its build; another, calling all the while,
    sees every call answered (it waits, it does not start a daemon of its own)."""
    restarter = Connection(lone_daemon.socket, lone_daemon.db)
    states = []
    other = Connection(lone_daemon.socket, lone_daemon.db,
                       on_state=lambda state, message: states.append(state))
    assert other.call("workspace.list")[0]["name"] == "shop"
    answers, failures, done = [], [], threading.Event()

    def keep_calling():
        while not done.is_set():
            try:
                answers.append(other.call("workspace.list", timeout=10)[0]["name"])
            except Exception as exc:  # noqa: BLE001 — any failure is the finding
                failures.append(repr(exc))
            time.sleep(0.02)

    caller = threading.Thread(target=keep_calling)
    caller.start()
    old = lone_daemon.proc
    try:
        time.sleep(0.2)
        capabilities.restart_as_this_build(restarter, lone_daemon.db)
        assert old.wait(10) == 0  # the old daemon stopped
        before = len(answers)
        deadline = time.monotonic() + 30
        while len(answers) < before + 5 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        done.set()
        caller.join(40)
    assert failures == []
    assert len(answers) >= before + 5 and set(answers) == {"shop"}
    assert not other.started_daemon and other.state == "connected"
    assert states[-2:] == ["reconnecting", "connected"]  # it did lose the old daemon
    assert restarter.call("workspace.list")[0]["name"] == "shop"
    restarter.close()
    other.close()


def test_restart_is_offered_once_and_only_to_a_build_that_reads_more(lone_daemon):
    real = lone_daemon.call("sys.capabilities")
    assert capabilities.reads_more(capabilities.local(),
                                   capabilities.from_capabilities(real)) is None
    older = copy.deepcopy(real)  # what a daemon without one chunker would report
    dropped = sorted(older["chunkers"])[0]
    del older["chunkers"][dropped]
    other = copy.deepcopy(real)  # a daemon with a plug-in this build lacks
    other["chunkers"]["code-cobol-1"] = [".cob"]

    async def main():
        app = LodeApp(lone_daemon.socket, lone_daemon.db, offer_restart=False)
        async with app.run_test(size=(80, 24)) as pilot:
            app._maybe_offer_restart(other)
            await pilot.pause(0.2)
            assert not isinstance(app.screen, ConfirmScreen)
            app._maybe_offer_restart(older)
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the offer")
            await until(pilot, lambda: dropped in screen_text(app).replace("\n", " "),
                        "the offer naming what the daemon lacks")
            await pilot.press("n")
            app._maybe_offer_restart(older)  # once per session
            await pilot.pause(0.2)
            assert not isinstance(app.screen, ConfirmScreen)

    asyncio.run(main())


def test_a_daemon_that_cannot_start_is_reported_at_once(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")

    async def main():
        app = LodeApp(str(blocker / "s.sock"), str(tmp_path / "db"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "✖ cannot start a daemon (File exists) on "
                        in screen_text(app), "the failure and its reason", timeout=10)
            assert app.connection.state == "lost"

    asyncio.run(main())


def test_no_daemon_is_started_on_a_chosen_socket_without_a_store(tmp_path):
    """As ``lode --call``: the default store behind someone's socket would be the wrong
    index, so the TUI says what to give instead of starting one."""
    socket = tmp_path / "s.sock"

    async def main():
        app = LodeApp(str(socket), None)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "give --db PATH" in screen_text(app), "the advice",
                        timeout=10)
            assert not socket.exists() and not app.connection.started_daemon

    asyncio.run(main())
