"""Helpers the commands share (click's options are in :mod:`.options`: this module is
imported by :mod:`.lookups`, which runs without click)."""

from __future__ import annotations

import sys

from ..errors import LodeError
from .output import fail


def exit_with(exc: LodeError, as_json: bool = False):
    """A LodeError as the command's answer: with ``--json`` one JSON object on stdout,
    ``{"error": {"message", "code", …}}`` (a script reads stdout), else one line on
    stderr; then its exit code."""
    if as_json:
        from .output import json_line

        json_line({"error": {"message": exc.message, "code": exc.rpc_code, **exc.data}})
    else:  # the RPC framing ("invalid params: ") is for RPC clients; a CLI user gets the reason
        fail(exc.message.removeprefix("invalid params: "))
    sys.exit(exc.exit_code)


def open_service(db_path, create: bool = False, as_json: bool = False):
    """The service over the store; only a command that writes (``lode index``) passes
    ``create``: the others say there is no store rather than make an empty one."""
    from ..service import Service

    try:
        return Service(db_path, create=create)
    except LodeError as exc:
        exit_with(exc, as_json)


def run_or_exit(fn, as_json: bool = False):
    """Call ``fn``; a LodeError becomes the command's error answer (:func:`exit_with`)."""
    try:
        return fn()
    except LodeError as exc:
        exit_with(exc, as_json)
