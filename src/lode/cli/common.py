"""Helpers the commands share (click's options are in :mod:`.options`: this module is
imported by :mod:`.lookups`, which runs without click)."""

from __future__ import annotations

import sys

from ..errors import LodeError
from .output import fail


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
