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


# Command modules register on `main` when imported.
from . import chunk  # noqa: E402,F401
from . import serve  # noqa: E402,F401
from . import symbols  # noqa: E402,F401
from . import index  # noqa: E402,F401
from . import search  # noqa: E402,F401
from . import status  # noqa: E402,F401

__all__ = ["main"]
