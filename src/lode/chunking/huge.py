"""Chunking a large code file in bounded pieces.

A tree-sitter tree costs 40-50 bytes of memory per source byte, and a file's symbol
extraction about as much again on top of it: indexing a generated 15 MB Python, Go or
JavaScript file peaked at 1.3-1.7 GB. A code file over :data:`HUGE_CODE_BYTES` is
therefore never parsed whole. It is cut at top-level declaration boundaries into pieces
of about :data:`PIECE_BYTES`, each parsed and chunked by the declaration chunker
on its own, so the largest tree alive at once is a piece's (~25 MB for 512 KiB): the same
whole-declaration chunks, named and with breadcrumbs, at a bounded cost.

Where to cut is found by tree-sitter itself: a piece's window is parsed, and the cut
goes at the start of the last top-level node that starts a line (with the comments
and attributes directly above it), as the window may end inside that node. The piece
up to the cut is then parsed again alone and chunked, and the next window starts
there. Generated Go, Python, JavaScript and Rust files chunked so give the very chunks
a whole parse gives (tests/indexing/test_huge_files.py). A single top-level node larger than :data:`MAX_PIECE_BYTES` (a whole program in
one class or one wrapping function, a giant table literal) offers no cut: from there
on the file is chunked as text, still searchable by its words and meaning.

Symbols are extracted piece by piece too (:func:`piece_symbols`), after the chunks.
A definition's qualified name needs the file's context: its package or namespace
declaration and its imports, which sit at the top. So each piece after the first is
read with the file's *header* in front of it: the bytes before its first declaration
(the leading header and gap chunks the chunker makes: package clause, imports, includes),
at most :data:`HEADER_BYTES`. The records lying in that header are dropped (the first
piece has them), the others moved to the file's lines. Definitions come out as a whole
parse gives them; what needs another piece's context (a variable's type declared there,
typing a member reference) may be missing. The text-chunked rest of a file (after a
declaration over :data:`MAX_PIECE_BYTES`) gives no symbols. The tools that read a file's
symbols on demand (its outline, every position of a name) read a large file so too
(:func:`plan_pieces`, :func:`piece_texts`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from ..config import DEFAULT_CHUNK_CONFIG, ChunkConfig
from ..languages.spec import LanguageSpec
from ..languages.treesitter import Node, grammar_for
from ..records import Chunk
from .code import chunk_code, is_comment
from .lines import Lines
from .prose import chunk_text

# Code files over this many bytes are chunked in pieces, without symbols. Measured peak
# RSS of `lode index --no-embed` on one generated, densely written file (Python / Go /
# JavaScript), whole: 1 MB 132 / 142 / 113 MB, 2 MB 238 / 257 / 201 MB, 15 MB 1.59 /
# 1.74 / 1.32 GB: ~115 bytes per source byte over a ~20 MB interpreter. 1.5 MiB keeps a
# file read whole under ~200 MB, and real code this large is rare and lighter (Go 1.19's
# two largest files, 1.0 and 1.4 MB, peak at 72 and 80 MB: both stay whole).
HUGE_CODE_BYTES = 3 * 512 * 1024
# A piece's window, and the largest window tried when a top-level node fills it (a
# window is parsed, ~45 bytes per byte, and a piece up to it parsed and chunked).
PIECE_BYTES = 512 * 1024
MAX_PIECE_BYTES = HUGE_CODE_BYTES
# The most of a file's start read again in front of each later piece for its symbols'
# context (package, imports): each piece's extraction parses this much more.
HEADER_BYTES = 64 * 1024
# Symbols are read in pieces of about this size, each piece cut further at its top-level
# nodes: a text's extraction holds ~100 bytes of Python objects per source byte besides
# its tree, and the whole file's symbol records wait in memory beside its chunks.
SYMBOL_PIECE_BYTES = 128 * 1024


@dataclass
class PiecePlan:
    """Where :func:`chunk_huge` cut a file, for :func:`piece_symbols`: the (start, end)
    bytes of each piece its symbols are read in (a parsed piece, cut again at its
    top-level nodes), the end of the file's header (see the module's text), and whether
    the chunking finished (an interrupted one is not used)."""

    spans: list[tuple[int, int]] = field(default_factory=list)
    header_end: int = 0
    done: bool = False


def is_huge(data: bytes) -> bool:
    return len(data) > HUGE_CODE_BYTES


def huge_bytes(text: str) -> bytes | None:
    """A text's UTF-8 bytes when they are over HUGE_CODE_BYTES, else None; a text of
    fewer characters than a quarter of that is not encoded to tell (4 bytes a character
    at most)."""
    if len(text) <= HUGE_CODE_BYTES // 4:
        return None
    data = text.encode("utf-8", "surrogatepass")
    return data if is_huge(data) else None


def chunk_huge(path: str, data: bytes, spec: LanguageSpec, config: ChunkConfig,
               rows: Callable[[list[Chunk], int], list] | None = None,
               plan: PiecePlan | None = None) -> tuple[list, str]:
    """Chunks of a large code file (``data``: its UTF-8 bytes), and a note saying how it
    was read. The chunks partition the file as :func:`~lode.chunking.chunk_file`'s do.

    ``rows(chunks, first)``, when given, turns each piece's chunks (``first``: the
    ordinal of the piece's first chunk in the file) into what is returned instead, as
    each piece is done: the index keeps only the rows it stores, never the Chunk records
    of the whole file besides (~0.5 KB a chunk; a 15 MB Go file has 117k chunks).
    ``plan``, when given, is filled with where the pieces were cut."""
    grammar = grammar_for(spec)
    lines = Lines(data)
    chunks: list = []

    def add(found: list[Chunk], offset: int) -> None:
        found = _shifted(found, offset, lines.line_of(offset) - 1)
        chunks.extend(rows(found, len(chunks)) if rows is not None else found)

    pos, pieces, text_from = 0, 0, None
    while pos < len(data):
        end = _cut(grammar, data, pos)
        if end is None:
            text_from = pos
            break
        piece = data[pos:end]
        text = piece.decode("utf-8", "surrogatepass")
        tree = grammar.parse(piece)
        found = chunk_code(path, text, spec, config, tree)
        if plan is not None:
            if pos == 0 and tree is not None:
                plan.header_end = _header_end(tree.root_node, piece, found)
            plan.spans += _symbol_spans(tree.root_node, piece, pos, spec.attached) if tree is not None \
                else [(pos, end)]
        del tree, text
        add(found, pos)
        pieces += 1
        pos = end
    note = (f"large file ({len(data):,} bytes, over {HUGE_CODE_BYTES:,}): chunked in {pieces} pieces "
            "parsed one at a time")
    if text_from is not None:
        rest = data[text_from:]
        found = chunk_text(path, rest.decode("utf-8", "surrogatepass"), config)
        add(found, text_from)
        note += (f"; from line {lines.line_of(text_from)} on chunked as text, without symbols: one "
                 f"top-level declaration there is over {MAX_PIECE_BYTES:,} bytes")
    if plan is not None:
        plan.done = True
    return chunks, note


def _header_end(root: Node, piece: bytes, found: list[Chunk]) -> int:
    """Where the file's header ends (a line start): at its first declaration, the first
    chunk that is not the leading header or gap text, or, when that is further than
    :data:`HEADER_BYTES`, at the last top-level node starting a line before that."""
    first = next((c.byte_start for c in found if c.kind not in ("header", "gap")), len(piece))
    if first <= HEADER_BYTES and _line_start(piece, first):
        return first
    best = 0
    for child in root.children:
        if child.start_byte > min(first, HEADER_BYTES):
            break
        if _line_start(piece, child.start_byte):
            best = child.start_byte
    return best


def _symbol_spans(root: Node, piece: bytes, pos: int, attached=frozenset()) -> list[tuple[int, int]]:
    """A parsed piece (at ``pos`` in the file) cut into spans of at least
    :data:`SYMBOL_PIECE_BYTES`, each starting at a top-level node that starts a line and
    has no comment or attribute (``attached``) right above it."""
    spans, start, children = [], 0, root.children
    for above, child in zip(children, children[1:]):
        at = child.start_byte
        if at - start >= SYMBOL_PIECE_BYTES and len(piece) - at >= SYMBOL_PIECE_BYTES // 4 and \
                _line_start(piece, at) and not is_comment(above) and above.type not in attached:
            spans.append((pos + start, pos + at))
            start = at
    spans.append((pos + start, pos + len(piece)))
    return spans


def plan_pieces(path: str, data: bytes, spec: LanguageSpec, config: ChunkConfig = DEFAULT_CHUNK_CONFIG) -> PiecePlan:
    """Where :func:`chunk_huge` cuts a large file, its chunks dropped as each piece is
    done: for the tools that read such a file's symbols on demand (its outline, every
    position of a name) at the indexer's bounded cost, never parsing it whole."""
    plan = PiecePlan()
    chunk_huge(path, data, spec, config, lambda chunks, first: [], plan)
    return plan


def planned_end(plan: PiecePlan) -> int:
    """Where the pieces read for symbols end: the file's end, or where it is chunked as
    text from (a top-level declaration over :data:`MAX_PIECE_BYTES`), which gives none."""
    return plan.spans[-1][1] if plan.spans else 0


def piece_texts(data: bytes, plan: PiecePlan) -> Iterator[tuple[bytes, int, int]]:
    """Each text a file's symbols are read from, piece by piece (the module's text):
    (text, skip, shift): the records of a text on lines up to ``skip`` lie in the
    file's header, which the first piece has; the others' lines are moved by ``shift``."""
    header = data[:plan.header_end]
    header_lines = header.count(b"\n")
    line, at = 1, 0  # the line of byte ``at``
    for start, end in plan.spans:
        line, at = line + data.count(b"\n", at, start), start
        if start == 0:
            yield data[:end], 0, 0
        else:  # the header's lines come first, then the piece's, from its line on
            yield header + data[start:end], header_lines, line - 1 - header_lines


def piece_symbols(data: bytes, plan: PiecePlan, extract: Callable[[bytes], object]) -> list:
    """The symbol records of a file chunked in pieces, read piece by piece as the
    module's text says: ``extract(text)`` gives one text's records (a ``PackedSymbols``,
    or None), each piece after the first read with the file's header in front. Returns
    a list holding one ``PackedSymbols`` for the whole file (empty when no piece gave
    any): each (name, kind) once, at its first position, as a whole-file extraction
    keeps it."""
    from ..symbols.records import PackedSymbols, defined_names

    first = None
    seen: dict[str, set[str]] = {}  # kind -> names kept (no (name, kind) tuple made per row)
    rows, links, relations, aliases = CompactRows(), [], [], {}
    for text, skip, shift in piece_texts(data, plan):
        found = extract(text)
        del text
        if found is None:
            continue
        first = first or found
        for row in found.rows:
            names = seen.get(row[1]) or seen.setdefault(row[1], set())
            if row[2] > skip and row[0] not in names:
                names.add(row[0])
                rows.append(row[0], row[1], row[2] + shift, row[3], row[4])
        links += [replace(x, line=x.line + shift) for x in found.links if x.line > skip]
        relations += [replace(x, line=x.line + shift) for x in found.relations if x.line > skip]
        for name, target in found.aliases.items():
            aliases.setdefault(name, target)
        del found
    del seen
    if first is None:
        return []
    return [PackedSymbols(first.path, first.language, first.module, defined_names(rows, links), rows,
                          links, relations, aliases)]


class CompactRows(Sequence):
    """A file's symbol rows, (name, kind, line, column, detail) tuples as a list of
    them reads, kept in columns: ~95 bytes a row instead of ~190 (its tuple and line
    number objects). A generated 15 MB file has ~250k rows, held while its chunks are
    written."""

    __slots__ = ("names", "lines", "cols", "kinds", "words")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.lines, self.cols, self.kinds = array("I"), array("I"), array("H")  # kinds: kind, detail
        self.words: list[str] = []  # the kind and detail words, each once

    def append(self, name: str, kind: str, line: int, col: int, detail: str) -> None:
        self.names.append(name)
        self.lines.append(line)
        self.cols.append(col)
        self.kinds.append(self._word(kind))
        self.kinds.append(self._word(detail))

    def _word(self, word: str) -> int:
        try:
            return self.words.index(word)
        except ValueError:
            self.words.append(word)
            return len(self.words) - 1

    def __len__(self) -> int:
        return len(self.names)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        words = self.words
        return (self.names[i], words[self.kinds[2 * i]], self.lines[i], self.cols[i], words[self.kinds[2 * i + 1]])

    def __iter__(self):
        words, kinds = self.words, self.kinds
        for i, (name, line, col) in enumerate(zip(self.names, self.lines, self.cols)):
            yield name, words[kinds[2 * i]], line, col, words[kinds[2 * i + 1]]

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __reduce__(self):  # an index worker sends it to the process writing the store
        return (_compact_rows, (self.names, self.lines, self.cols, self.kinds, self.words))


def _compact_rows(names, lines, cols, kinds, words) -> CompactRows:
    rows = CompactRows()
    rows.names, rows.lines, rows.cols, rows.kinds, rows.words = names, lines, cols, kinds, words
    return rows


def piece_symbols_note(symbols: list) -> str:
    """What the file's note adds about its symbols."""
    if not symbols:
        return "; no symbols"
    return ("; symbols read piece by piece, each piece with the file's header (package, imports): "
            "a name that needs another piece's context (a variable's type declared there) may be missing")


def _cut(grammar, data: bytes, pos: int) -> int | None:
    """Where the piece starting at ``pos`` ends: the file's end when what is left fits a
    window, else a top-level boundary inside the widest window that has one; None when
    even :data:`MAX_PIECE_BYTES` holds no boundary."""
    window = PIECE_BYTES
    while True:
        if len(data) - pos <= window:
            return len(data)
        end = _utf8_boundary(data, pos + window)
        tree = grammar.parse(data[pos:end])
        cut = _last_boundary(tree.root_node, data, pos, grammar.spec.attached) if tree is not None else None
        del tree
        if cut is not None and cut > window // 8:  # else pieces this small would parse the window again and again
            return pos + cut
        if window >= MAX_PIECE_BYTES:
            return None
        window = min(window * 2, MAX_PIECE_BYTES)


def _last_boundary(root: Node, data: bytes, pos: int, attached=frozenset()) -> int | None:
    """The start (relative to ``pos``) of the last top-level node of a window's tree
    that starts a line, moved up over the comments and ``attached`` nodes (attributes,
    decorators: the spec's) directly above it, as the chunker joins them; None when there
    is none but the first. The window may end inside that node, so it goes to the next
    piece whole. A node that starts inside a line is not a boundary: error recovery at
    the cut-off end may make top-level nodes of a declaration's inner parts, but those
    are indented (or follow other text on their line)."""
    children = root.children
    best = None
    for i in range(len(children) - 1, 0, -1):
        if children[i].start_byte > 0 and _line_start(data, pos + children[i].start_byte):
            best = i
            break
    if best is None:
        return None
    # keep a declaration's doc comments and attributes with it: back over those touching it
    while best > 1 and (is_comment(children[best - 1]) or children[best - 1].type in attached) and \
            _touching(data, pos, children[best - 1], children[best]) and \
            _line_start(data, pos + children[best - 1].start_byte):
        best -= 1
    return children[best].start_byte


def _touching(data: bytes, pos: int, above: Node, below: Node) -> bool:
    """Whether only a single line break (no blank line) lies between two nodes."""
    return data[pos + above.end_byte:pos + below.start_byte].count(b"\n") <= 1


def _line_start(data: bytes, offset: int) -> bool:
    return offset == 0 or data[offset - 1] == 0x0A


def _utf8_boundary(data: bytes, offset: int) -> int:
    while offset < len(data) and (data[offset] & 0xC0) == 0x80:
        offset += 1
    return offset


def _shifted(chunks: list[Chunk], byte_offset: int, line_offset: int) -> list[Chunk]:
    if not byte_offset:
        return chunks
    return [replace(c, byte_start=c.byte_start + byte_offset, byte_end=c.byte_end + byte_offset,
                    line_start=c.line_start + line_offset, line_end=c.line_end + line_offset)
            for c in chunks]
