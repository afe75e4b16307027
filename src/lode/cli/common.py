"""Options and helpers the index/search/status commands share."""

from __future__ import annotations

import sys

import click

from ..errors import LodeError
from .output import fail

db_option = click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB",
                         help="The store: a SQLite file or a postgresql:// URL (default: $LODE_DB, else "
                         "~/.local/share/lode/lode.db).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
workspace_option = click.option("--workspace", "-w", metavar="NAME|PATH", default=None,
                                help="The workspace (default: the one containing the current folder).")


def open_service(db_path):
    from ..service import Service

    try:
        return Service(db_path)
    except LodeError as exc:
        fail(exc.message)
        sys.exit(exc.exit_code)


def run_or_exit(fn):
    """Call ``fn``; a LodeError becomes one line on stderr and its exit code."""
    try:
        return fn()
    except LodeError as exc:
        fail(exc.message)
        sys.exit(exc.exit_code)
