"""``lode tui`` in a real terminal (tmux, 80x24): keys sent, the screen captured and
asserted. Skipped only when tmux is not installed."""

from __future__ import annotations

import shutil
import stat
import time

import pytest

from tmux_session import TmuxSession, lode_tui

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@pytest.fixture
def tui(shop_daemon):
    sessions = []

    def start(**env):
        session = TmuxSession(lode_tui(shop_daemon.socket, shop_daemon.db), env=env)
        sessions.append(session)
        session.wait_for("connected to the daemon")
        return session

    yield start
    for s in sessions:
        s.close()


def test_search_preview_symbols_help_and_exit_in_a_terminal(tui, shop_daemon):
    t = tui()
    t.type("reclaim vectors")
    screen = t.wait_for("store/reclaim.go:13  method")
    assert "❱ 15 func (s *Store) reclaim(ctx context.Context, fp string) error {" in t.wait_for("❱ 15")
    assert all(len(line) <= 80 for line in screen.split("\n"))
    assert len(screen.rstrip("\n").split("\n")) <= 24
    t.send("Enter")  # to the results: their keys show in the footer
    t.wait_for("d Definition")
    t.send("d")
    screen = t.wait_for("definition candidates of store.Store.reclaim: 1")
    assert "store/reclaim.go:15  method" in screen
    t.send("F1")
    t.wait_for("cycle mode: auto")
    t.send("Escape")
    t.wait_gone("cycle mode: auto")
    t.send("F4")
    screen = t.wait_for("docs/broken.txt: binary")
    assert "shop" in screen and "refused" in screen
    t.send("F2")
    t.wait_for("^t Mode")
    t.send("Down")
    t.wait_for("d Definition")
    t.send("Enter")  # no $EDITOR: quit and print the location
    screen = t.wait_for("lode-exit=0")
    assert f"{shop_daemon.shop}/store/reclaim.go:13" in screen.replace("\n", "")


def test_enter_suspends_the_screen_for_the_editor(tui, shop_daemon, tmp_path):
    log = tmp_path / "editor.log"
    editor = tmp_path / "fake-editor"
    editor.write_text(f'#!/bin/sh\necho "$@" > {log}\necho editing; sleep 1\n')
    editor.chmod(editor.stat().st_mode | stat.S_IXUSR)
    t = tui(EDITOR=str(editor))
    t.type("ShoppingCart")
    t.wait_for("cart/cart.py:15  class")
    t.send("Enter")
    t.wait_for("d Definition")
    t.send("Enter")
    t.wait_for("editing")  # the editor has the terminal
    t.wait_for("cart/cart.py:15  class")  # and the TUI is back afterwards
    assert log.read_text().split() == ["+15", f"{shop_daemon.shop}/cart/cart.py"]
    t.send("C-q")
    t.wait_for("lode-exit=0")


def test_a_letter_typed_right_after_an_editing_key_lands_after_it(tui):
    """ctrl+u / ctrl+a run in the field as the key arrives (Textual resolves bindings
    only after the key has bubbled to the app, so the next letter used to overtake it:
    ctrl+u then "reclaim" left "eclaim")."""
    t = tui()
    t.type("reclaim vectors")
    t.wait_for("store/reclaim.go:13")

    def query_line():
        return t.screen().split("\n")[2].strip()

    for word in ("ShoppingCart", "shop", "reclaim"):
        t.send("C-u")
        t.type(word, delay=0.01)
        time.sleep(0.6)
        assert query_line() == word
    t.send("C-a")
    t.type("x", delay=0.01)
    time.sleep(0.6)
    assert query_line() == "xreclaim"
