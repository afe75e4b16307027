"""What a plug-in provides. Three small protocols, one per entry-point group.

An entry point names an object (a class is instantiated with no arguments, a factory
function called) that has the attributes below. Versions match
:data:`VERSION_PATTERN`; a version change re-indexes the plug-in's files.

``lode.chunkers`` — a chunker for code or text lode does not chunk itself::

    class TomlChunker:
        extensions = (".toml",)          # lower-case, with the dot
        version = "1"
        def chunk(self, path: str, data: bytes) -> Iterable[Span]: ...

  ``data`` is the file's UTF-8 bytes. The spans must partition the file (the contract
  every lode chunker keeps): ``byte_start`` < ``byte_end``, ascending, never
  overlapping, within the data, and only whitespace outside them. A span is a mapping
  or an object with ``byte_start``, ``byte_end``, ``kind`` and optionally ``name``,
  ``breadcrumb`` and ``embed`` (the text the semantic index sees; default: the
  breadcrumb). lode checks every result; a chunker that breaks the contract is disabled
  for the rest of the run and its files are indexed as text, with a note.

``lode.derivers`` — the text of a format lode cannot read as text (PDF, …)::

    class PdfDeriver:
        extensions = (".pdf",)
        version = "1"
        def derive(self, path: str, data: bytes) -> str: ...   # Markdown or plain text

  Raising is a failure of that file: it keeps the text indexed before, if any (held,
  ``stale``), the reason is listed in ``lode status`` and it is tried again later.

``lode.rankers`` — re-scores the top hits of a search that asks for ``rerank``::

    class MyRanker:
        version = "1"
        def probe(self) -> bool: ...        # cheap: can it rank at all here?
        def rank(self, query: str, candidates: list[dict]) -> list[float]: ...

  Each candidate holds ``score``, ``breadcrumb`` and ``body``; one score per candidate,
  higher is better. A build's plug-in ranker is the only one in use.
"""

from __future__ import annotations

import re
from typing import Iterable, Protocol, Sequence, runtime_checkable

#: A plug-in's version (and a built-in's): short, no spaces, no slashes.
VERSION_PATTERN = re.compile(r"[A-Za-z0-9._+-]{1,32}")
#: An extension: lower-case, starting with a dot (``.pdf``, ``.tar.gz`` is two parts).
EXTENSION_PATTERN = re.compile(r"\.[a-z0-9_+-]+(\.[a-z0-9_+-]+)*")
#: An entry point's name, which names the plug-in in the store (``pdf``, ``toml-chunker``).
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")


@runtime_checkable
class Chunker(Protocol):
    extensions: Sequence[str]
    version: str

    def chunk(self, path: str, data: bytes) -> Iterable: ...


@runtime_checkable
class Deriver(Protocol):
    extensions: Sequence[str]
    version: str

    def derive(self, path: str, data: bytes) -> str: ...


@runtime_checkable
class Ranker(Protocol):
    version: str

    def probe(self) -> bool: ...

    def rank(self, query: str, candidates: list[dict]) -> list[float]: ...
