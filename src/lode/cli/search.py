"""``lode search QUERY``: lexical (code-aware) search over indexed chunks. The body is
:func:`lode.cli.lookups.search` (it runs without click too: :mod:`.fastpath`)."""

from __future__ import annotations

import click

from . import lookups, main
from .options import db_option, json_option, no_daemon_option, workspace_option


@main.command("search")
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", "-n", type=click.IntRange(1, 1000), default=10, show_default=True)
@click.option("--path", "paths", multiple=True, metavar="PREFIX", help="Only under this path: a folder or file from the current one, or a prefix from "
              "the workspace root (repeatable).")
@click.option("--glob", "globs", multiple=True, metavar="GLOB", help="Only paths matching; !GLOB excludes (repeatable).")
@click.option("--lang", "languages", multiple=True, metavar="LANG", help="Only this language (repeatable).")
@click.option("--kind", "kinds", multiple=True, metavar="KIND", help="Only this chunk kind (repeatable).")
@click.option("--tag", "tags", multiple=True, type=click.Choice(["code", "prose"]), help="Only code or prose.")
@click.option("--mode", type=click.Choice(["lexical", "semantic", "hybrid", "auto"]), default=None,
              help="auto (default): the lexical ranking, with vectors filling in when the words "
                   "find fewer hits than --limit.")
@click.option("--rerank", is_flag=True, help="Re-score the top hits by their full bodies; fails if no ranker can.")
@click.option("--files", "files", is_flag=True, help="Ranked files, each with its best chunks.")
@workspace_option
@db_option
@no_daemon_option
@json_option
def search_command(**params):
    """Search for QUERY: identifiers (parts match too: `vectors` finds reclaimVectors),
    words, or "quoted literals". Inside an indexed workspace only that workspace is
    searched; elsewhere every workspace in the store."""
    lookups.search(**params)
