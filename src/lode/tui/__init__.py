"""``lode tui``: a terminal client of the daemon — search as you type, symbols from a
hit or a typed name, workspaces and their live index status.

Built on Textual (8.x, PyPI). Why: it is the actively maintained Python TUI framework
(by the makers of Rich, which lode already uses for its CLI output, so the preview's
syntax highlighting is Rich's ``Syntax`` and no second styling system comes in); it has
the widgets this needs (inputs, option lists, tabs, modal screens, a footer of key
bindings) and runs blocking work on worker threads; and it ships a headless test
harness (``App.run_test()`` and ``Pilot``) so the tests drive the real application
against a real daemon. urwid and prompt_toolkit were the alternatives: both are older
and lower-level, and neither has a comparable headless harness. Textual is imported only
when ``lode tui`` runs, so other commands do not pay its import time.

Modules: ``connection`` (the daemon link; reconnects), ``render`` (rows and the preview,
pure functions), ``capabilities`` (the build that reads more), ``search_pane``,
``symbols_pane``, ``workspaces_pane``, ``help``, ``app``.
"""

from __future__ import annotations


def run(socket_path: str | None = None, db_path: str | None = None,
        workspace: str | None = None) -> str | None:
    """Run the TUI; returns ``path:line`` to print when a location was chosen without
    ``$EDITOR``."""
    from .app import run as run_app

    return run_app(socket_path, db_path, workspace)
