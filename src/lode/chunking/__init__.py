"""Chunking: a file's text → an ordered, lossless partition into :class:`~lode.records.Chunk`.

``chunk_file`` routes by extension: registered code languages go to the declaration
chunker (:mod:`.code`); Markdown, YAML and plain text to :mod:`.prose`. Every chunker
keeps the partition invariant: spans ascend, never overlap, only whitespace lies
outside them.
"""

from __future__ import annotations

import os

from ..config import DEFAULT_CHUNK_CONFIG, ChunkConfig
from ..languages import language_for_path, mark_unusable
from .ids import MARKDOWN_EXTENSIONS, MARKDOWN_ID, TEXT_EXTENSIONS, TEXT_ID, YAML_EXTENSIONS, YAML_ID

# The record types (Chunk, a dataclass: dataclasses, inspect and ast behind it) and the
# prose chunkers load with the first chunk made, and every language's spec with the
# first list of them all: the walk imports this package (chunker ids, a file's reading)
# and a no-op re-index makes none (of Go's standard library: 483.5 -> 427.6 M instructions).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..records import Chunk


def __getattr__(name: str):
    if name == "Chunk":  # the name this package has always exported
        from ..records import Chunk

        return Chunk
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# Minified or generated code (a bundle, a schema written on one line) is read as text:
# hand-written code averages well under 100 characters a line, a minified bundle
# thousands. Tree-sitter's tree of such a file costs ~50 bytes per source byte (a 15 MB
# one-line bundle: 790 MB, and 27 s before the chunker gave up to plain text), and its
# definitions, named by a minifier, serve neither search nor look-ups. The size floor
# keeps small generated files (a 100 kB schema) parsed: they cost little.
MINIFIED_BYTES = 256 * 1024
MINIFIED_LINE_CHARS = 1000


def minified(text: str) -> bool:
    """Whether a code file's text is minified or generated: over :data:`MINIFIED_BYTES`
    characters, its lines averaging over :data:`MINIFIED_LINE_CHARS`."""
    n = len(text)
    return n > MINIFIED_BYTES and n > MINIFIED_LINE_CHARS * (text.count("\n") + 1)


def minified_note() -> str:
    return (f"minified or generated code (lines average over {MINIFIED_LINE_CHARS} characters): "
            "chunked as text, no symbols")


def chunk_file(path: str, text: str, config: ChunkConfig = DEFAULT_CHUNK_CONFIG,
               tree=None) -> list[Chunk]:
    """Chunks of one file's text. ``path`` is used for routing and breadcrumbs; any
    extension that is not code, Markdown or YAML is chunked as plain text. ``tree`` is
    an already parsed syntax tree of a code file (one parse shared with symbols)."""
    spec = language_for_path(path)
    if spec is not None and not minified(text):
        # The code chunker (tree-sitter behind it) loads with the first code file: a walk
        # that only asks for chunker ids (a no-op re-index) never needs it.
        from ..languages.treesitter import QueryRefused
        from .code import chunk_code

        if tree is None:
            from .huge import chunk_huge, huge_bytes

            data = huge_bytes(text)
            if data is not None:  # as the index reads it: in pieces, not one whole tree (lode.chunking.huge)
                return chunk_huge(path, data, spec, config)[0]
        try:
            return chunk_code(path, text, spec, config, tree)
        except QueryRefused as exc:  # reported once; this and later files are read as text
            mark_unusable(spec, str(exc))
    ext = os.path.splitext(path)[1].lower()
    from .prose import chunk_markdown, chunk_text, chunk_yaml

    plugin = _plugin_chunker(ext)
    if plugin is not None:
        from ..plugins.contract import ContractBroken, chunk_with
        try:
            return chunk_with(plugin, path, text.encode("utf-8", "surrogatepass"))
        except ContractBroken:  # disabled with a logged reason; read as text
            pass
    if ext in MARKDOWN_EXTENSIONS:
        return chunk_markdown(path, text, config)
    if ext in YAML_EXTENSIONS:
        return chunk_yaml(path, text, config)
    return chunk_text(path, text, config)


def _plugin_chunker(ext: str):
    """The plug-in chunker registered for ``ext`` (lode.plugins), or None."""
    from ..plugins.registry import registry

    return registry().plugin_for("chunker", ext) if ext else None


def chunker_id(path: str) -> str:
    """The chunker (with version) that ``chunk_file`` would use for ``path``."""
    spec = language_for_path(path)
    if spec is not None:
        return spec.chunker_id
    ext = os.path.splitext(path)[1].lower()
    if ext in MARKDOWN_EXTENSIONS:
        return MARKDOWN_ID
    if ext in YAML_EXTENSIONS:
        return YAML_ID
    return TEXT_ID


def chunkers() -> dict[str, list[str]]:
    """Every chunker id with the extensions it serves (for ``sys.capabilities``)."""
    from ..languages import LANGUAGES

    out: dict[str, list[str]] = {s.chunker_id: list(s.extensions) for s in LANGUAGES}
    out[MARKDOWN_ID] = sorted(MARKDOWN_EXTENSIONS)
    out[YAML_ID] = sorted(YAML_EXTENSIONS)
    out[TEXT_ID] = sorted(TEXT_EXTENSIONS)
    return out


__all__ = ["chunk_file", "chunker_id", "chunkers", "minified", "Chunk"]
