"""Extension points for subsystems that keep per-file data beside chunks (symbols, …).

A writer is ``fn(db, file_id, record)`` and runs inside the transaction that stores
``record`` (a :class:`~lode.store.records.FileRecord`), after its file row exists.
Register it from the module that defines its tables (listed in
``migrations.MIGRATION_MODULES``, so it is imported whenever a store opens)::

    @file_writer
    def _store_symbols(db, file_id, record):
        db.executemany("INSERT INTO symbols ...", [(file_id, *s) for s in record.symbols])

Removal needs no hook: reference ``files(id) ON DELETE CASCADE``.

A changed file may keep its row (:mod:`.replace`): then, instead of the writer, its
replacer ``fn(db, file_id, record)`` runs, and must leave the file's rows as the writer
would have written them into an empty table (``@file_writer(replace=fn)``). A store
with any writer lacking a replacer replaces changed files whole (delete, insert).
"""

from __future__ import annotations

from collections.abc import Callable  # not typing's: typing is ~3 ms to import

FILE_WRITERS: list[Callable] = []
REPLACERS: dict[Callable, Callable] = {}  # writer -> its replacer


def file_writer(fn: Callable | None = None, *, replace: Callable | None = None):
    def register(fn: Callable) -> Callable:
        if fn not in FILE_WRITERS:
            FILE_WRITERS.append(fn)
        if replace is not None:
            REPLACERS[fn] = replace
        return fn
    return register(fn) if fn is not None else register


def replacers() -> list[Callable] | None:
    """Every writer's replacer, or None when a writer has none."""
    found = [REPLACERS.get(w) for w in FILE_WRITERS]
    return None if None in found else found
