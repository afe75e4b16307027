"""The help screen: every key, by tab."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """\
[b]lode tui[/b] — keys (F1 or ? shows this; Esc closes)

[b]everywhere[/b]
  F2 search · F3 symbols · F4 workspaces · ctrl+q quit · Tab next field

[b]search[/b]  (typing searches; filters apply as you type)
  ctrl+t      cycle mode: auto → lexical → semantic → hybrid
  ctrl+r      rerank the top hits by their bodies (daemon's ranker)
  ↓ / Enter   from the query to the results
  Enter       open the hit in $EDITOR (+line); without it, quit and
              print path:line
  v           preview full screen (again: back)
  d r i o     definition / references / implementations of the hit's
              symbol, outline of its file
  / or Esc    back to the query
  filters     lang (go, python, …), kind (function, method, …),
              code|prose, path glob (src/**/*.go); comma-separated

[b]symbols[/b]
  type a name for fuzzy matches (↓ to pick one); Enter: definition —
  a bare name (Widget) resolves when one qualified name ends in it
  d r i       definition candidates / references / implementations
  o           outline of the highlighted location's file
  Enter       open the location (as in search)

[b]workspaces[/b]  (status refreshes every second)
  a add · e edit globs, text extensions, code · x remove · r re-index
  s search only the highlighted workspace (again: all)
  a code extension declared as text is refused with the daemon's reason
"""


class HelpScreen(ModalScreen):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll { width: 78; height: 22; border: round $accent;
                                background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,f1,q,question_mark", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP, id="help-text")
