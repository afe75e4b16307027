"""The ``lode`` command: a thin layer that parses arguments, calls the library, and
formats results (JSON with ``--json``, colour on a terminal). Each command group lives
in its own module and registers itself on :data:`main`."""

from __future__ import annotations

import click

from .. import __version__
from .group import LodeGroup


@click.group(cls=LodeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lode")
def main() -> None:
    """Index a workspace of code and docs; search it; look up qualified names."""


# Command modules register on `main` when imported, which LodeGroup does on demand
# (group.LAZY_COMMANDS): a command imports only what it needs.

__all__ = ["main"]
