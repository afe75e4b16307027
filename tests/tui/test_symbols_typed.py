"""The symbols tab's name box as a user types into it, against a real daemon on the
shop workspace: Enter on part of a name looks up the completion the list shows (it
used to answer "none found" for the fragment while that completion was on screen),
and the title of the completions shows the typed text as typed (brackets are not
markup), in the singular for one name."""

from __future__ import annotations

from test_tui import drive, rows
from tui_helpers import screen_text, until
from lode.tui.symbols_pane import SymbolsPane


def test_enter_on_part_of_a_name_looks_up_its_completion(shop_daemon):
    async def scenario(pilot):
        await pilot.press("f3")
        await pilot.press(*"Store.recl")
        await until(pilot, lambda: rows(pilot.app, "#symbol-results") == ["store.Store.reclaim"],
                    "the completion")
        await pilot.press("enter")
        pane = pilot.app.query_one(SymbolsPane)
        await until(pilot, lambda: pane.rows and pane.rows[0].get("path"), "the definition")
        assert (pane.rows[0]["path"], pane.rows[0]["line"]) == ("store/reclaim.go", 15)
        assert "definition candidates of store.Store.reclaim (nearest name to 'Store.recl'): 1" \
            in screen_text(pilot.app)

    drive(shop_daemon, scenario)


def test_a_name_that_completes_to_nothing_is_still_none_found(shop_daemon):
    async def scenario(pilot):
        await pilot.press("f3")
        await pilot.press(*"Zeppelin.moor", "enter")
        await until(pilot, lambda: "definition candidates of Zeppelin.moor: none found" in screen_text(pilot.app),
                    "none found")

    drive(shop_daemon, scenario)


def test_the_completion_title_shows_what_was_typed(shop_daemon):
    async def scenario(pilot):
        await pilot.press("f3")
        await pilot.press(*"list[bold]")
        await until(pilot, lambda: "matching 'list[bold]'" in screen_text(pilot.app), "the title")
        await pilot.press(*["backspace"] * len("list[bold]"), *"Store.recl")
        await until(pilot, lambda: "1 name matching 'Store.recl'" in screen_text(pilot.app), "one name")

    drive(shop_daemon, scenario)
