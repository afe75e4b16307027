"""lode.cli.output writes a line of markup where rich would write no styles without
importing rich: its text must be the one rich writes (and its escape rich's), so the
output of a look-up to a pipe is the same whichever prints it."""

from __future__ import annotations

import io
import random

from rich.console import Console
from rich.markup import escape as rich_escape

from lode.cli.output import escape, plain, snippet_text

PIECES = ["[", "]", "\\", "/", "a", "b", "#", "@", "=", " ", ":", "x", "[/]", "[bold]", "[dim]", "\\[",
          "[magenta]", "é", "1", "\t", "\r", "[/bold]", "[@click]"]


def _rich(markup: str) -> str | None:
    out = io.StringIO()
    try:
        Console(file=out, highlight=False, soft_wrap=True, emoji=False).print(markup)
    except Exception:  # rich's MarkupError: plain() leaves such a line to rich
        return None
    return out.getvalue()


def test_plain_text_and_escapes_are_richs():
    rnd = random.Random(11)
    checked = 0
    for _ in range(4000):
        text = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 12)))
        assert escape(text) == rich_escape(text), text
        for markup in (text, f"[bold red]lode:[/] {escape(text)}",
                       f"[magenta]{escape(text)}:100:2[/] [cyan]kind[/] [bold]{escape(text)}[/]"):
            mine = plain(markup)
            if mine is not None:
                assert mine + "\n" == _rich(markup), markup
                checked += 1
    assert checked > 5000


def _rich_snippet(snippet: str) -> str:
    from rich.text import Text

    out = io.StringIO()
    text = Text(snippet)
    Console(file=out, highlight=False, soft_wrap=True, emoji=False).print(
        Text("    ").append(Text("\n    ").join(text.split("\n"))))
    return out.getvalue()


def test_a_snippets_text_is_richs():
    pieces = ["a", "bc", "\n", "\t", "\r", "\x0c", "\x07", " ", "[", "\\", "é", "界", "\x1b", "\x00", "x" * 9]
    rnd = random.Random(7)
    checked = 0
    for _ in range(3000):
        snippet = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12)))
        mine = snippet_text(snippet)
        if mine is not None:
            assert mine + "\n" == _rich_snippet(snippet), snippet
            checked += 1
    assert checked > 2000
