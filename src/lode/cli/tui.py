"""``lode tui``: the terminal UI, a client of the daemon. Textual is imported only here,
when the command runs."""

from __future__ import annotations

import click

from . import main
from .options import reject_empty_db


@main.command("tui")
@click.option("--workspace", "-w", metavar="W", help="Search and look up only in workspace W (a name).")
@click.option("--socket", "socket_path", metavar="PATH", envvar="LODE_SOCKET",
              help="The daemon's socket (default: per user); a daemon is started if none runs.")
@click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB", callback=reject_empty_db,
              help="The store for a daemon this starts (default: $LODE_DB, else per user).")
def tui_command(workspace: str | None, socket_path: str | None, db_path: str | None) -> None:
    """Search as you type, follow symbols, manage workspaces — in the terminal. Enter on a
    location opens it in $EDITOR (+line); without $EDITOR the TUI quits and prints it."""
    try:
        from ..tui import run
    except ImportError as exc:  # textual missing from a partial install
        raise click.ClickException(f"lode tui needs the 'textual' package: {exc}") from None
    chosen = run(socket_path, db_path, workspace)
    if chosen:
        click.echo(chosen)
