"""Search: query parsing (:mod:`.query`, no index needed), code-aware tokens
(:mod:`.tokens`), filters (:mod:`.filters`), lexical retrieval over FTS5
(:mod:`.lexical`), snippets, and the engine that runs the stages (:mod:`.engine`).
Semantic retrieval and fusion are to sit beside :mod:`.lexical`."""

from .engine import search

__all__ = ["search"]
