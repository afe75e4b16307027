"""The F1 help screen fits an 80x24 terminal without wrapping: a wrapped line put its
last word ("path:line", "lists") at the box's left edge, read as a key of its own.
Real Textual app, headless, at 80x24."""

from __future__ import annotations

import asyncio

from textual.app import App

from lode.tui.help import HELP, HelpScreen


def test_every_help_line_fits_the_box_at_80_columns():
    async def main():
        app = App()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(HelpScreen())
            await pilot.pause(0.2)
            text = app.screen.query_one("#help-text")
            return text.content_region.width, text.virtual_size.height

    width, height = asyncio.run(main())
    lines = HELP.split("\n")  # the text's closing newline renders as an empty last line
    assert height == len(lines)  # no line wrapped into two
    assert width >= 60
