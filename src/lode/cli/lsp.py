"""``lode lsp``: lode as a language server on stdio (see :mod:`lode.lsp.server`)."""

from __future__ import annotations

import logging
import sys

import click

from . import main
from .options import reject_empty_db


@main.command("lsp")
@click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB", callback=reject_empty_db,
              help="The store (default: $LODE_DB, else per user).")
@click.option("--watch/--no-watch", default=True, show_default=True,
              help="Re-index workspaces as their files change.")
@click.option("--root", "roots", multiple=True, metavar="PATH",
              type=click.Path(exists=True, file_okay=False),
              help="Add PATH as a workspace if new and index it in the background (repeatable).")
@click.option("--no-lsp", "no_lsp", is_flag=True,
              help="Answer from the index only (no hand-off to a real language server).")
@click.option("--allow-broad-root", is_flag=True,
              help="Accept a --root that is the home folder or a folder above it.")
def lsp_command(db_path: str | None, watch: bool, roots: tuple[str, ...], no_lsp: bool,
                allow_broad_root: bool) -> None:
    """Run lode as a language server on stdio for any editor: workspace symbols
    (fuzzy, every language), definition, references, implementation, hover and
    document symbols over the index. Typical editor command: `lode lsp --root .`"""
    from ..lsp.server import run
    from .common import run_or_exit

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    run_or_exit(lambda: run(db_path, watch=watch, roots=roots, hand_off=not no_lsp,
                            allow_broad_root=allow_broad_root))
