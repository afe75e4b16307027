"""Frozen records passed between pipeline stages."""

from __future__ import annotations

from dataclasses import asdict, dataclass


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
