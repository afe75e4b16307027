"""Helpers the commands share (click's options are in :mod:`.options`: this module is
imported by :mod:`.lookups`, which runs without click)."""

from __future__ import annotations

import sys

from ..errors import LodeError
from .output import fail


def open_service(db_path, create: bool = False):
    """The service over the store; only a command that writes (``lode index``) passes
    ``create``: the others say there is no store rather than make an empty one."""
    from ..service import Service

    try:
        return Service(db_path, create=create)
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
