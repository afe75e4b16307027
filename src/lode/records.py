"""Frozen records passed between pipeline stages."""

from __future__ import annotations

from collections import deque
from dataclasses import MISSING, asdict, dataclass, fields
from itertools import repeat, starmap


@dataclass(frozen=True, slots=True)
class Chunk:
    """One span of a file: a whole declaration, a section, or the text between them.

    ``byte_start``/``byte_end`` index the file's UTF-8 bytes (end exclusive);
    ``line_start``/``line_end`` are 1-based and inclusive. ``embed`` is the text the
    semantic index sees (breadcrumb, doc, signature — never the raw body); ``None``
    means the chunk is lexical-only.
    """

    path: str
    byte_start: int
    byte_end: int
    line_start: int
    line_end: int
    kind: str
    name: str | None
    breadcrumb: str
    embed: str | None
    chunker: str

    def to_dict(self) -> dict:
        return asdict(self)


def _slot_setters(cls) -> tuple | None:
    """The setters of a dataclass's slots, one per field in its order, when its
    ``__init__`` does nothing but set each field from its argument (every field an
    argument without a default, no ``__post_init__``, a slot for every field and no
    other); else None."""
    found = fields(cls)
    names = tuple(f.name for f in found)
    if hasattr(cls, "__post_init__") or tuple(getattr(cls, "__slots__", ())) != names \
            or any(not f.init or f.default is not MISSING or f.default_factory is not MISSING for f in found):
        return None
    return tuple(cls.__dict__[name].__set__ for name in names)


# Chunk is frozen: its __init__ sets each of its ten fields through object.__setattr__,
# ~20k instructions a chunk (~6% of chunking Go's files). chunks_from_rows makes a
# file's chunks together instead, each field set on all of them through its slot's
# setter, looped in C (map): the same objects as the constructor's.
_CHUNK_SETTERS = _slot_setters(Chunk)


def chunks_from_rows(rows: list[tuple]) -> list[Chunk]:
    """``[Chunk(*row) for row in rows]``, made a field at a time (each row holds every
    field, in Chunk's order)."""
    if _CHUNK_SETTERS is None or set(map(len, rows)) != {len(_CHUNK_SETTERS)}:
        return list(starmap(Chunk, rows))  # no rows, or rows the constructor must judge
    chunks = list(map(Chunk.__new__, repeat(Chunk, len(rows))))
    for setter, column in zip(_CHUNK_SETTERS, zip(*rows)):
        deque(map(setter, chunks, column), 0)
    return chunks
