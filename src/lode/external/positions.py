"""Columns as LSP counts them (0-based UTF-16 code units) and as lode records them
(1-based bytes), both ways: the hand-off speaks to real servers in the first, and
``lode lsp`` (through the service) answers editors in it."""

from __future__ import annotations


def utf16_length(text: str) -> int:
    """How many UTF-16 code units ``text`` takes (an astral character takes two)."""
    return len(text.encode("utf-16-le")) // 2


def utf16_column(line_text: str, byte_col: int) -> int:
    """A 1-based byte column → LSP's 0-based UTF-16 character offset."""
    return utf16_length(line_text.encode("utf-8")[:max(0, byte_col - 1)].decode("utf-8", "replace"))


def byte_column(line_text: str, character: int) -> int:
    """LSP's 0-based UTF-16 character offset → a 1-based byte column."""
    units = line_text.encode("utf-16-le")[:character * 2].decode("utf-16-le", "replace")
    return len(units.encode("utf-8")) + 1
