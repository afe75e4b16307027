"""What the indexer hands the store for one file (plain, picklable records)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .chunk_row import CHUNK_FIELDS, ChunkRow  # noqa: F401 (what FileRecord.chunks holds)


@dataclass(slots=True)
class FileRecord:
    """A file's new state. ``refused`` (a reason) means no chunks; ``touched`` means
    the bytes are unchanged and only ``mtime_ns``/``size`` need updating."""

    path: str
    mtime_ns: int
    size: int
    hash: str | None = None
    chunker: str | None = None
    language: str | None = None
    tag: str | None = None  # "code" | "prose"
    lines: int = 0
    refused: str | None = None
    note: str | None = None  # indexed, but not as usual (e.g. chunker fell back to text)
    touched: bool = False
    ctime_ns: int = 0  # inode change time when looked at (a refusal is re-checked when it moves)
    # "stale": the file could not be derived again; its earlier chunks are kept (held)
    # and ``note`` says why (lode.workspace.held writes it instead of replacing the file).
    hold: str | None = None
    chunks: list[tuple] = field(default_factory=list)  # chunk rows (CHUNK_FIELDS)
    symbols: list = field(default_factory=list)  # filled by lode.symbols when it lands
