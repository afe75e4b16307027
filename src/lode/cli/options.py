"""Click options the commands share."""

from __future__ import annotations

import click

from .remote import NO_DAEMON_ENV

db_option = click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB",
                         help="The store: a SQLite file or a postgresql:// URL (default: $LODE_DB, else "
                         "~/.local/share/lode/lode.db).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
workspace_option = click.option("--workspace", "-w", metavar="NAME|PATH", default=None,
                                help="The workspace (default: the one containing the current folder).")
no_daemon_option = click.option(
    "--no-daemon", is_flag=True, envvar=NO_DAEMON_ENV,
    help="Open the store even when a daemon for it is running (default: ask the daemon).")
