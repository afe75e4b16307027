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
            try:
                from .fastpath import run

                run(sys.argv[1:])  # exits when it ran the command
                return self._group()()
            except Exception as exc:
                _exit_if_store_damaged(exc, sys.argv[1:])
                raise
        return self._group()(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._group(), name)


def _exit_if_store_damaged(exc: Exception, args: list[str]) -> None:
    """A store whose pages are damaged fails whichever statement reads them first, in any
    command: one line naming the store, not SQLite's traceback."""
    from ..errors import damaged_store_message, store_damage

    reason = store_damage(exc)
    if reason is None:
        return
    import os

    from ..config import resolve_db_text
    from .output import fail

    db = os.environ.get("LODE_DB")
    for i, arg in enumerate(args):
        if arg == "--db" and i + 1 < len(args):
            db = args[i + 1]
        elif arg.startswith("--db="):
            db = arg.removeprefix("--db=")
    fail(damaged_store_message(resolve_db_text(db), reason))
    raise SystemExit(1)


main = _Main()

__all__ = ["main"]
