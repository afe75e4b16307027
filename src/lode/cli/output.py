"""Shared output helpers: one rich console each for stdout and stderr, JSON lines.

The consoles are made on first use: importing rich costs ~50 ms, which a command that
prints JSON (or nothing) should not pay at start-up."""

from __future__ import annotations

import sys

from .. import jsontext as wire


class _LazyConsole:
    """Stands in for a ``rich.console.Console`` until something is printed."""

    def __init__(self, **options):
        self._options = options
        self._console = None

    def __getattr__(self, name):
        if self._console is None:
            from rich.console import Console

            # emoji=False: printed paths and names are lode's text, not emoji codes
            # (`a.py:100:5` read as `a.py💯5`)
            self._console = Console(highlight=False, soft_wrap=True, emoji=False, **self._options)
        return getattr(self._console, name)

    def get(self):
        """The console itself (for rich objects that take one, like a progress bar)."""
        self.file  # noqa: B018 - makes it
        return self._console


out = _LazyConsole()
err = _LazyConsole(stderr=True)


def json_line(obj) -> None:
    line = wire.dumps(obj, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # a file name that is not UTF-8: written escaped (\xNN)
        from ..service import Service

        line = wire.dumps(Service.printable(obj), ensure_ascii=False)
    sys.stdout.write(line + "\n")


def shown(path: str) -> str:
    """A path as printed in ``path:line`` output: one line whatever the name holds
    (a newline, a tab, bytes that are not UTF-8 are written escaped)."""
    from ..service import Service

    return Service.display_path(path)


def crumb_after_path(breadcrumb: str, path: str) -> str:
    """A breadcrumb without its leading path, which a line starting ``path:line`` has
    already said (``store/reclaim.go › func (s *Store) reclaim(…)`` → ``func (s *Store) …``)."""
    if breadcrumb == path:
        return ""
    return breadcrumb[len(path) + 3:] if breadcrumb.startswith(path + " › ") else breadcrumb


def fail(message: str) -> None:
    """One clear line on stderr (the caller decides the exit code)."""
    from rich.markup import escape

    err.print(f"[bold red]lode:[/] {escape(message)}", markup=True)
