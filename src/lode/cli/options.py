"""Click options the commands share."""

from __future__ import annotations

import click

from .remote import NO_DAEMON_ENV

def reject_empty_db(ctx: click.Context, param: click.Parameter, value):
    """``--db ""`` — a variable left unset in ``--db "$STORE"`` — would quietly mean the
    default store (an index written there, answers read from it): refused instead."""
    if value is not None and not str(value).strip():
        raise click.BadParameter("an empty path (a variable left unset?): give the store's file or "
                                 "URL, or leave --db out for the default store", ctx=ctx, param=param)
    return value


db_option = click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB", callback=reject_empty_db,
                         help="The store: a SQLite file or a postgresql:// URL (default: $LODE_DB, else "
                         "~/.local/share/lode/lode.db).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
workspace_option = click.option("--workspace", "-w", metavar="NAME|PATH", default=None,
                                help="The workspace (default: the one containing the current folder).")
no_daemon_option = click.option(
    "--no-daemon", is_flag=True, envvar=NO_DAEMON_ENV,
    help="Open the store even when a daemon for it is running (default: ask the daemon).")
