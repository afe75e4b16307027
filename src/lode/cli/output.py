"""Shared output helpers: one rich console each for stdout and stderr, JSON lines."""

from __future__ import annotations

import json
import sys

from rich.console import Console

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def json_line(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def fail(message: str) -> None:
    """One clear line on stderr (the caller decides the exit code)."""
    from rich.markup import escape

    err.print(f"[bold red]lode:[/] {escape(message)}", markup=True)
