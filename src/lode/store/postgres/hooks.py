"""Per-batch writers of a PostgreSQL store: subsystems that keep rows beside a file's
chunks (symbols, the lexical index's postings, …) add them in the batch's transaction.

A writer is ``fn(cur, workspace_id, written)``; ``written`` lists a :class:`Written`
per stored file (refusals included, whose ``chunk_ids`` are empty). Writers run after
the batch's files and chunks exist. Removal needs no hook: reference ``files(id)`` or
``chunks(id)`` ``ON DELETE CASCADE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..records import FileRecord


@dataclass(frozen=True, slots=True)
class Written:
    file_id: int
    record: FileRecord
    chunk_ids: range  # ids of record.chunks, in order


BATCH_WRITERS: list[Callable] = []


def batch_writer(fn: Callable) -> Callable:
    if fn not in BATCH_WRITERS:
        BATCH_WRITERS.append(fn)
    return fn
