"""What the indexer hands the store for one file (plain, picklable records)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class ChunkRow:
    ord: int
    byte_start: int
    byte_end: int
    line_start: int
    line_end: int
    kind: str
    name: str | None
    name_key: str | None
    breadcrumb: str
    embed: str | None
    embed_hash: str | None
    body: str
    # idents_for(body, name or "") and breadcrumb_labels(breadcrumb): the store removes a
    # chunk's FTS row by deriving them again (lode.store.fts_rows), so they must be those.
    idents: str
    labels: str = ""  # the breadcrumb as the lexical index holds it (with identifier parts)
    # The stored form of ``body`` (the SQLite store's: compressed, or ``body`` itself when
    # short), when the worker made it (lode.workspace.pipeline.process_many); None: the
    # store makes it.
    body_z: bytes | str | None = field(default=None, repr=False)


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
    chunks: list[ChunkRow] = field(default_factory=list)
    symbols: list = field(default_factory=list)  # filled by lode.symbols when it lands
