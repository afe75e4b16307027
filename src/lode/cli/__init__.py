"""The ``lode`` command: a thin layer that parses arguments, calls the library, and
formats results (JSON with ``--json``, colour on a terminal). Each command group lives
in its own module and registers itself on :data:`main`.

:data:`main` stands for the click group (:data:`lode.cli.group.main`), made on first
use: run as the program, it first lets :mod:`.fastpath` answer a plain look-up
(``def``, ``search``, …) without importing click at all. Everything else — command
registration, ``CliRunner().invoke(main, …)``, ``main.commands`` — reaches the group.
"""

from __future__ import annotations

import sys


class _Main:
    def _group(self):
        from .group import main as group

        return group

    def __call__(self, *args, **kwargs):
        if not args and not kwargs:  # the program itself: the arguments are sys.argv's
            from .fastpath import run

            run(sys.argv[1:])  # exits when it ran the command
        return self._group()(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._group(), name)


main = _Main()

__all__ = ["main"]
