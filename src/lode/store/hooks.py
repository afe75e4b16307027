"""Extension points for subsystems that keep per-file data beside chunks (symbols, …).

A writer is ``fn(db, file_id, record)`` and runs inside the transaction that stores
``record`` (a :class:`~lode.store.records.FileRecord`), after its file row exists.
Register it from the module that defines its tables (listed in
``migrations.MIGRATION_MODULES``, so it is imported whenever a store opens)::

    @file_writer
    def _store_symbols(db, file_id, record):
        db.executemany("INSERT INTO symbols ...", [(file_id, *s) for s in record.symbols])

Removal needs no hook: reference ``files(id) ON DELETE CASCADE``.
"""

from __future__ import annotations

from collections.abc import Callable  # not typing's: typing is ~3 ms to import

FILE_WRITERS: list[Callable] = []


def file_writer(fn: Callable) -> Callable:
    if fn not in FILE_WRITERS:
        FILE_WRITERS.append(fn)
    return fn
