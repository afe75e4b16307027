"""Typed configuration. Values travel as arguments; there are no module globals to mutate."""

from __future__ import annotations

from dataclasses import dataclass

MAX_TEXT_BYTES = 16 * 1024 * 1024  # larger files are refused, with the reason recorded


@dataclass(frozen=True)
class ChunkConfig:
    # A definition with more non-whitespace characters than this is split.
    body_budget: int = 2000
    # Chunks with fewer non-whitespace characters stay lexical-only (no embedding):
    # a lone `}` or a one-line gap carries nothing a vector can use. One threshold.
    short_content: int = 32
    # The embed surface's bound, in characters (~4 per token for a 256-token model).
    embed_budget: int = 1000


DEFAULT_CHUNK_CONFIG = ChunkConfig()
