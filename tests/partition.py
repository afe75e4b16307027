"""The partition invariant, shared by the chunker tests and the property tests."""

from __future__ import annotations

WHITESPACE = b" \t\r\n\f\v"


def assert_partition(text: str, chunks) -> None:
    """Spans ascend, never overlap, start and end on non-whitespace, only whitespace
    lies between them, and line numbers match the byte offsets."""
    data = text.encode("utf-8")
    cursor = 0
    for c in chunks:
        assert cursor <= c.byte_start < c.byte_end <= len(data), (c, cursor)
        assert not data[cursor : c.byte_start].strip(WHITESPACE), (
            f"non-whitespace outside chunks: {data[cursor:c.byte_start][:80]!r}")
        assert data[c.byte_start] not in WHITESPACE and data[c.byte_end - 1] not in WHITESPACE, c
        assert c.line_start == data.count(b"\n", 0, c.byte_start) + 1, c
        assert c.line_end == data.count(b"\n", 0, c.byte_end - 1) + 1, c
        cursor = c.byte_end
    assert not data[cursor:].strip(WHITESPACE), f"non-whitespace after last chunk: {data[cursor:][:80]!r}"
