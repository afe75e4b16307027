"""Chunkers for prose: Markdown by heading, plain text by paragraph, YAML by top-level
key. All obey the same partition rule as code: spans ascend, only whitespace between."""

from __future__ import annotations

import re
from dataclasses import replace

from ..config import ChunkConfig
from ..records import Chunk
from .ids import MARKDOWN_ID, TEXT_ID, YAML_ID
from .lines import Lines, nonws, paragraphs, split_lines, trim

# The Markdown parser is made on first use: importing it costs ~20 ms, which an index
# run that reads no Markdown (a no-op re-run) should not pay.
_md = None


def _markdown():
    global _md
    if _md is None:
        from markdown_it import MarkdownIt

        _md = MarkdownIt("commonmark")
    return _md


_YAML_KEY = re.compile(rb"^(?:\xef\xbb\xbf)?(?:[A-Za-z0-9_\"'][^:#\n]*|\?[^\n]*):(?:[ \t]|$)", re.M)


class _Out:
    def __init__(self, path: str, data: bytes, config: ChunkConfig, chunker: str):
        self.path, self.data, self.config, self.chunker = path, data, config, chunker
        self.lines = Lines(data)
        self.chunks: list[Chunk] = []

    def add(self, start: int, end: int, kind: str, name: str | None, crumb: str) -> None:
        for s, e in self.pieces(start, end):
            body = self.data[s:e].decode("utf-8", "replace")
            embed = None
            if nonws(self.data, s, e) >= self.config.short_content:
                room = max(0, self.config.embed_budget - len(crumb) - 1)
                embed = f"{crumb}\n{' '.join(body.split())[:room]}"
            ls, le = self.lines.span(s, e)
            self.chunks.append(Chunk(self.path, s, e, ls, le, kind, name, crumb, embed, self.chunker))

    def pieces(self, start: int, end: int) -> list[tuple[int, int]]:
        """``[start, end)`` as is when under budget, else grouped paragraphs."""
        start, end = trim(self.data, start, end)
        if start >= end:
            return []
        budget = self.config.body_budget
        if nonws(self.data, start, end) <= budget:
            return [(start, end)]
        out: list[tuple[int, int]] = []
        cur_s = cur_e = None
        size = 0
        for s, e in paragraphs(self.data, start, end):
            n = nonws(self.data, s, e)
            if n > budget:
                if cur_s is not None:
                    out.append((cur_s, cur_e))
                    cur_s, size = None, 0
                out.extend(split_lines(self.data, s, e, budget))
                continue
            if cur_s is not None and size + n > budget:
                out.append((cur_s, cur_e))
                cur_s, size = None, 0
            if cur_s is None:
                cur_s = s
            cur_e, size = e, size + n
        if cur_s is not None:
            out.append((cur_s, cur_e))
        return out


def chunk_markdown(path: str, text: str, config: ChunkConfig, chunker: str = MARKDOWN_ID) -> list[Chunk]:
    """Sections split at headings; breadcrumb = path › heading › subheading."""
    data = text.encode("utf-8")
    out = _Out(path, data, config, chunker)
    line_offsets = [0] + [m.end() for m in re.finditer(rb"\n", data)]
    tokens = _markdown().parse(text.removeprefix("\ufeff"))  # a BOM hid a first heading; lines stay put
    headings = [  # (byte offset, level, title); map[0] is the heading's first line
        (line_offsets[tok.map[0]], int(tok.tag[1]), tokens[i + 1].content.strip())
        for i, tok in enumerate(tokens)
        if tok.type == "heading_open" and tok.map
    ]
    trail: list[tuple[int, str]] = []
    cursor, crumb, name = 0, path, None
    for offset, level, title in headings:
        out.add(cursor, offset, "section" if name else "text", name, crumb)
        trail = [t for t in trail if t[0] < level] + [(level, title)]
        crumb = " › ".join([path, *(t for _, t in trail)])
        name, cursor = title or None, offset
    out.add(cursor, len(data), "section" if name else "text", name, crumb)
    return out.chunks


def chunk_text(path: str, text: str, config: ChunkConfig) -> list[Chunk]:
    """Plain text: paragraphs grouped up to the budget."""
    data = text.encode("utf-8")
    out = _Out(path, data, config, TEXT_ID)
    budget = config.body_budget
    cur_s = cur_e = None
    size = 0
    for s, e in paragraphs(data, 0, len(data)):
        n = nonws(data, s, e)
        if cur_s is not None and size + n > budget:
            out.add(cur_s, cur_e, "text", None, path)
            cur_s, size = None, 0
        if cur_s is None:
            cur_s = s
        cur_e, size = e, size + n
    if cur_s is not None:
        out.add(cur_s, cur_e, "text", None, path)
    return out.chunks


def chunk_yaml(path: str, text: str, config: ChunkConfig) -> list[Chunk]:
    """YAML: one chunk per top-level key (with the comments directly above it);
    a file with no top-level keys (a list, a stream) falls back to paragraphs."""
    data = text.encode("utf-8")
    keys = [m.start() for m in _YAML_KEY.finditer(data)]
    if not keys:
        chunks = chunk_text(path, text, config)
        return [_rechunker(c, YAML_ID) for c in chunks]
    out = _Out(path, data, config, YAML_ID)
    lines = out.lines
    starts = []
    for k in keys:  # pull a comment block directly above the key into its chunk
        s = k
        while s > 0:
            prev = lines.line_start(s - 1)
            line = data[prev : s - 1].strip()
            if not line.startswith(b"#"):
                break
            s = prev
        starts.append(s)
    out.add(0, starts[0], "text", None, path)
    for i, s in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(data)
        key = data[keys[i] :].split(b":", 1)[0].decode("utf-8", "replace").strip("\ufeff\"' ")
        out.add(s, end, "section", key, f"{path} › {key}")
    return out.chunks


def _rechunker(c: Chunk, chunker: str) -> Chunk:
    return replace(c, chunker=chunker)
