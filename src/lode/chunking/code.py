"""The declaration chunker: one tree-sitter parse, definitions as units, gaps filled.

How a file becomes chunks:

1. Parse; run the language's tags query with only ``@definition.*`` patterns enabled.
   Definitions inside an ERROR node are dropped (their bytes fall into gaps), so a
   syntax error costs only the definitions in the broken region.
2. Each definition's span grows outwards over wrappers that hold only it (``export``,
   decorators, Go's single-spec ``type``) and backwards over a run of comments and
   attributes directly above it with no blank line between.
3. Spans nest by containment into a tree; top-level units and the bytes between them
   (header, gaps) partition the file. Only whitespace lies outside the chunks.
4. A unit over the body budget splits into its nested units plus the fragments between
   them, or, with none, at statement boundaries and then lines. Fragments keep the
   unit's kind, name and breadcrumb.

The embed surface is breadcrumb + doc (+ values for constants) and never the body.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..config import ChunkConfig
from ..languages.spec import LanguageSpec
from ..languages.treesitter import Definition, Node, Tree, grammar_for
from ..records import Chunk, chunks_from_rows
from .lines import Lines, nonws, split_long_sized, trim
from .summary import (VALUE_MAX, RegionNodes, collect_identifiers, comment_text, identifier_nodes, is_comment_kind,
                      node_text, render_value, signature_text, type_text)

_TOP_LEVEL_AFTER_BLANK = re.compile(rb"\n[ \t]*\n(?=[^\s])")
INNER_DOC = (b"//!", b"/*!")
_INDENT = frozenset(b" \t\r\x0b\x0c")  # bytes.strip's whitespace but the newline
_QUOTES = "\"`'"
_JOIN_PIECES = 3  # recovery: how many pieces a failing piece may be joined with
_FILE_DOC = re.compile(rb"@(?:license|file|fileoverview|module|preserve)\b|copyright", re.I)
VALUE_KINDS = frozenset({"constant", "var", "const", "static", "variable"})
# A group's spec written as a name, a type with no whitespace, paren or brace (`uint32`,
# `syscall.Errno`, `[]byte`) or none, and `=` a value with no whitespace, comma, quote,
# comment mark or brace, or none (most of a constant table: `AF_ALG = 0x26`, `B`,
# `EPERM Errno = 0x1`, `m = 1<<iota`): its tree holds that name, a type node of that text
# and a value that render_value shows as its text (its leaves, nothing between them, no
# collection or function literal), so all three are read from the bytes instead of from
# the nodes. A value as long as VALUE_MAX is cut there: not taken. Other specs are read
# from the tree. Every run is possessive: what may follow a run never starts with a byte
# the run takes, so giving some back cannot match, and a table aligned with spaces
# (`AF_ALG<28 spaces>= 0x26`) no longer tries a type after each of its spaces.
_PLAIN_SPEC = re.compile(rb"([A-Za-z_]\w*+)(?:[ \t]++([\w.\[\]*]++))?"
                         rb"(?:[ \t]*+=[ \t]*+([!#-&(-+\--.0-:<-\[\]-_a-z|~]{1,%d}+))?" % (VALUE_MAX - 1))
REGION_PIECES = 32  # a span cut into more pieces than this finds their nodes once (_pieces)


@dataclass
class Unit:
    definition: Definition
    start: int  # after growing over wrappers, doc comments and attributes
    end: int
    node: Node  # the outermost node (wrapper or definition)
    children: list["Unit"] = field(default_factory=list)
    name: str | None = None  # dotted with enclosing scopes
    label: str = ""  # signature, as shown in breadcrumbs
    doc: str = ""
    comments: list[str] = field(default_factory=list)  # the doc comments above, in order
    borrowed: bool = False  # found in a tree parsed apart (_recover, _reparse_opaque), not the file's

    @property
    def kind(self) -> str:
        return self.definition.kind


def is_comment(node: Node) -> bool:
    return "comment" in node.type


def chunk_code(path: str, text: str, spec: LanguageSpec, config: ChunkConfig,
               tree: Tree | None = None) -> list[Chunk]:
    """Chunks of one code file. Pass ``tree`` (from ``grammar_for(spec).parse``) to share
    one parse with symbol extraction; ``None`` parses here."""
    data = text.encode("utf-8")
    builder = _Builder(path, data, spec, config)
    return builder.run(tree)


class _Builder:
    def __init__(self, path: str, data: bytes, spec: LanguageSpec, config: ChunkConfig):
        self.path, self.data, self.spec, self.config = path, data, spec, config
        self.lines = Lines(data)
        self.grammar = grammar_for(spec)
        self.rows: list[tuple] = []  # each chunk's fields in Chunk's order, made into Chunks at the end
        self.chunker = spec.chunker_id
        self.tree = None
        self._block_spans: list[tuple[tuple[int, int], tuple[int, int]]] | None = None
        self._used_blocks: set[tuple[tuple[int, int], tuple[int, int]]] = set()  # recovery read pieces in
        # id of a group declaration's Definition → (it, kept alive so the id stays its, _spec_rows)
        self._spec_rows_of: dict[int, tuple[Definition, list]] = {}
        self._region_span: tuple[int, int] | None = None  # the span being cut into pieces (_pieces)
        self._region: RegionNodes | None = None
        # the node holding the unit being split, with its span: its continuations' names
        # are found by a query over it instead of the whole tree (_loose_embed)
        self._within: tuple[Node, int, int] | None = None
        grammar = self.grammar
        # the kind ids of comments, attached and doc nodes (_grow_doc tests each sibling above a unit)
        self._doc_kinds = (grammar.kind_ids("comment", is_comment_kind),
                           grammar.kind_ids("attached", spec.attached.__contains__),
                           grammar.kind_ids("doc_nodes", spec.doc_nodes.__contains__))

    # ---- pipeline -------------------------------------------------------------------

    def run(self, tree: Tree | None = None) -> list[Chunk]:
        if tree is None:
            tree = self.grammar.parse(self.data)
        self.tree = tree
        units: list[Unit] = []
        header_label = None
        if tree is not None:
            root = tree.root_node
            units = self._units(root)
            header_label = self._header_label(root)
        self._emit_region(units, 0, len(self.data), scope=[], header_label=header_label)
        return chunks_from_rows(self.rows)

    def _units(self, root: Node) -> list[Unit]:
        """Top-level units, each holding its nested units."""
        flat = self._flat_units(root)
        borrowed = self._recover(root, flat) if root.has_error else []
        if self.spec.opaque_nodes:
            borrowed += self._reparse_opaque(root)
        for u in borrowed:
            u.borrowed = True
        flat += borrowed
        flat.sort(key=lambda u: (u.start, -u.end))
        top: list[Unit] = []
        stack: list[Unit] = []
        for u in flat:
            while stack and u.start >= stack[-1].end:
                stack.pop()
            if stack:
                parent = stack[-1]
                if u.end > parent.end or (u.start, u.end) == (parent.start, parent.end):
                    continue  # overlaps without nesting, or the same span twice
                parent.children.append(u)
            else:
                if top and u.start < top[-1].end:
                    continue
                top.append(u)
            stack.append(u)
        for u in top:
            self._describe(u, scope_name=None)
        return top

    def _flat_units(self, root: Node) -> list[Unit]:
        has_error = root.has_error
        flat: list[Unit] = []
        keys: set[tuple[int, int, str]] = set()
        definitions = self.grammar.definitions(root, keys)
        for d in definitions:
            if has_error and _inside_error(d.node):
                continue
            outer = self._grow_wrappers(d.node, keys)
            start, comments = self._grow_doc(outer)
            end = outer.end_byte
            if self.spec.trailing:
                after = outer.next_sibling
                if after is not None and after.type in self.spec.trailing and self._trails(outer, after, keys):
                    joined = _container_start(outer, after, keys, start)
                    if joined is not None:
                        start, end = joined, _closing_comment_end(after, self.data)
            if d.kind in self.spec.brace_blocks:
                end = _brace_block_end(outer) or end
            flat.append(Unit(d, start, end, outer, comments=comments))
        if self.spec.tail_docs:
            self._give_back_tail_docs(flat)
        return self._merge_runs(flat) if self.spec.merge_runs else flat

    def _trails(self, node: Node, after: Node, definitions: set[tuple[int, int, str]]) -> bool:
        """Whether ``after``, a ``trailing`` sibling of ``node``, belongs to it. A comment
        does when it ends the definition's last line (`X = 2**25  # 32MiB`). One that
        may also stand above a definition (an ``attached`` kind: Haskell's `{-# INLINE f #-}`
        after f) does when it is on the line below ``node`` and a blank line or the end
        follows it; directly above the next definition it is that one's."""
        data = self.data
        if _closes_unit(after, definitions):
            return False
        if is_comment(after):  # a comment at the end of the definition's last line
            return data.count(b"\n", node.end_byte, after.start_byte) == 0
        if after.type not in self.spec.attached:
            return True
        if data.count(b"\n", node.end_byte, after.start_byte) > 1:
            return False
        below = after.next_sibling
        return below is None or data.count(b"\n", after.end_byte, below.start_byte) > 1

    def _give_back_tail_docs(self, flat: list[Unit]) -> None:
        """A unit whose doc was taken from the end of the definition before it: that
        definition now ends before the doc (the two spans must not overlap)."""
        takers = [u for u in flat if u.start < u.node.start_byte and _starts_inside_sibling(u)]
        for u in takers:
            for p in flat:
                if p.start < u.start < p.end <= u.node.start_byte:
                    p.end = trim(self.data, p.start, u.start)[1]

    def _merge_runs(self, flat: list[Unit]) -> list[Unit]:
        """Consecutive sibling definitions of a ``merge_runs`` kind with the same name
        (Elixir clauses, Haskell equations) become one unit: the first, grown to the
        last. Only whitespace may lie between them."""
        out: list[Unit] = []
        last: dict[tuple[str, bytes], Unit] = {}  # (kind, name) → its latest unit
        for u in flat:
            name = u.definition.name
            if u.kind not in self.spec.merge_runs or name is None:
                out.append(u)
                continue
            key = (u.kind, name.text)
            prev = last.get(key)
            if prev is not None and prev.end <= u.start and not self.data[prev.end:u.start].strip():
                prev.end = u.end  # adjacent: nothing but whitespace between the two
                continue
            last[key] = u
            out.append(u)
        return out

    def _recover(self, root: Node, units: list[Unit]) -> list[Unit]:
        """Definitions lost to a syntax error the parser could not close: each stretch
        outside the found units is cut where a blank line is followed by an unindented
        line, and every piece that parses cleanly on its own (or inside its enclosing
        ``recovery_blocks`` block) yields its definitions."""
        covered = sorted((u.start, u.end) for u in units)
        holes, cursor = [], 0
        for s, e in covered:
            if s > cursor:
                holes.append((cursor, s))
            cursor = max(cursor, e)
        holes.append((cursor, len(self.data)))
        found: list[Unit] = []
        for hole_start, hole_end in holes:
            if not self.grammar.node_captures({"ERROR": "error"}, root, hole_start, hole_end):
                continue  # the error lies inside a unit: nothing was lost here
            found += self._parse_pieces(hole_start, hole_end)
        if self.spec.recovery_blocks:
            blocks = self._block_units(units)
            opened = {u.node.start_byte for u in blocks}
            # a piece holding the opening line read the block cut short: the whole block wins
            found = [u for u in found if u.node.start_byte not in opened] + blocks
        return found

    def _parse_pieces(self, start: int, end: int) -> list[Unit]:
        """Units of ``[start, end)`` cut where a blank line is followed by an unindented
        line, from every piece that parses cleanly on its own."""
        cuts = [start] + [m.start() + 1 for m in _TOP_LEVEL_AFTER_BLANK.finditer(self.data, start, end)]
        if len(cuts) < 2 or len(cuts) > 2000:
            return []
        cuts.append(end)
        found: list[Unit] = []
        i = 0
        while i < len(cuts) - 1:
            # a piece that does not parse may have been cut inside a docstring or a string
            # holding a blank line: try it joined with the next pieces (three at most)
            for j in range(i + 1, min(i + 1 + _JOIN_PIECES, len(cuts))):
                a, b = trim(self.data, cuts[i], cuts[j])
                if a >= b:
                    break
                tree = self._parse_piece(a, b)
                if tree is not None:
                    found += [u for u in self._flat_units(tree.root_node) if a <= u.start and u.end <= b]
                    i = j - 1
                    break
            i += 1
        return found

    def _parse_piece(self, a: int, b: int) -> Tree | None:
        """The tree of ``data[a:b]`` when it parses without a top-level error: read
        between the lines of its enclosing recovery block when it lies in one (an
        Objective-C method parses only inside its `@implementation`), else alone."""
        block = self._enclosing_block(a, b)
        if block is not None:
            (o_start, o_end), (c_start, c_end) = block
            ranges = [self._range(o_start, o_end), self._range(a, b)]
            if c_start >= b:  # else the piece holds the closing line itself
                ranges.append(self._range(c_start, c_end))
            tree = self.grammar.parse_ranges(self.data, ranges)
            if tree is not None and not _top_level_error(tree.root_node):
                self._used_blocks.add(block)
                return tree
        tree = self.grammar.parse_range(self.data, a, b, self._point(a), self._point(b))
        return tree if tree is not None and not _top_level_error(tree.root_node) else None

    def _range(self, a: int, b: int) -> tuple[int, int, tuple[int, int], tuple[int, int]]:
        return a, b, self._point(a), self._point(b)

    def _enclosing_block(self, a: int, b: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The (opening line, closing line) spans of the innermost recovery block holding
        the start of ``[a, b)``: the last opening line before ``a`` whose closing line
        starts at or after ``a``."""
        best = None
        for opening, closing in self._blocks():
            if opening[1] < a <= closing[0] and (best is None or opening[0] > best[0][0]):
                best = (opening, closing)
        return best

    def _blocks(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The file's recovery blocks: each opening line paired with the first closing
        line after it, unless another opening line comes first (then it is unclosed)."""
        if self._block_spans is None:
            self._block_spans = []
            for opening_re, closing_re in self.spec.recovery_blocks:
                opens = [m.span() for m in re.finditer(rb"^(?:" + opening_re + rb")[^\n]*", self.data, re.M)]
                closes = [m.span() for m in re.finditer(rb"^(?:" + closing_re + rb")[^\n]*", self.data, re.M)]
                for k, opening in enumerate(opens):
                    limit = opens[k + 1][0] if k + 1 < len(opens) else len(self.data)
                    closing = next((c for c in closes if opening[1] < c[0] < limit), None)
                    if closing is not None:
                        self._block_spans.append((opening, closing))
        return self._block_spans

    def _block_units(self, units: list[Unit]) -> list[Unit]:
        """A unit for each recovery block a piece was read in, parsed from its opening
        and closing lines alone (`@implementation X` … `@end`): the block's recovered
        definitions nest in it and are named after it. Skipped when a unit of the full
        parse starts at the block's opening line."""
        starts = {u.start for u in units} | {u.node.start_byte for u in units}
        found: list[Unit] = []
        for (o_start, o_end), (c_start, c_end) in sorted(self._used_blocks):
            if o_start in starts:
                continue
            tree = self.grammar.parse_ranges(self.data, [self._range(o_start, o_end), self._range(c_start, c_end)])
            if tree is None or tree.root_node.has_error:
                continue
            found += [u for u in self._flat_units(tree.root_node) if u.node.start_byte == o_start and u.end == c_end][:1]
        return found

    def _reparse_opaque(self, root: Node) -> list[Unit]:
        """Units inside nodes the grammar keeps opaque (Haskell's `#else` branch is one
        `cpp` node), parsed piece by piece."""
        found: list[Unit] = []
        for node in self.grammar.node_captures({t: "opaque" for t in self.spec.opaque_nodes},
                                               root, 0, len(self.data)).get("opaque", ()):
            if node.end_point[0] - node.start_point[0] > 2:
                found += self._parse_pieces(node.start_byte, node.end_byte)
        return found

    def _point(self, offset: int) -> tuple[int, int]:
        return self.lines.line_of(offset) - 1, offset - self.lines.line_start(offset)

    def _grow_wrappers(self, node: Node, definitions: set[tuple[int, int, str]]) -> Node:
        """The outermost wrapper holding ``node`` and no other definition."""
        wrappers = self.spec.wrappers
        while True:
            parent = node.parent
            if parent is None or parent.type not in wrappers:
                return node
            if _holders(parent, node.type, definitions) != 1:
                return node
            node = parent

    def _grow_doc(self, node: Node) -> tuple[int, list[str]]:
        """Start of the run of comments/attributes directly above ``node`` (each on its
        own line, no blank line between) and the comments' texts, in order. Inner doc
        comments (``//!``) describe the enclosing module, not the next item, and stop
        the run."""
        data, start = self.data, node.start_byte
        if self.grammar._unparsed is not None and not _starts_line(data, start):
            start = self._skipped_before(start)
        node_start = start
        comments: list[str] = []
        sib = node.prev_sibling
        if sib is None:
            parent = node.parent
            if parent is not None and parent.start_byte == start:
                sib = parent.prev_sibling  # a block's first definition: its doc precedes the block
        doc_nodes = self.spec.doc_nodes
        if self.spec.tail_docs and sib is not None and not is_comment(sib):
            tail = _last_descendant(sib)
            if tail is not None and (is_comment(tail) or tail.type in doc_nodes):
                sib = tail  # the previous node's indented body (or import list) swallowed this doc
        comment_ids, attached_ids, doc_ids = self._doc_kinds
        while sib is not None:
            # each field read once (every read is a call into tree-sitter), the kind by id
            sib_kind = sib.kind_id
            comment = sib_kind in comment_ids  # is_comment
            if not comment and sib_kind not in attached_ids:
                break
            sib_start, sib_end = sib.start_byte, sib.end_byte
            if data[sib_end:start].strip():
                break
            # lines from the sibling's last to ``start``'s, counted between the two (Lines
            # answers ascending offsets by counting; these go back)
            gap = data.count(b"\n", max(sib_start, sib_end - 1), start)
            if gap > 1 and not (gap == 2 and start == node_start and self._loose_doc(sib)):
                break  # a blank line: file commentary, not this definition's doc
            if not _starts_line(data, sib_start):
                break  # a trailing comment on a line of code belongs to that code
            if comment and data.startswith(INNER_DOC, sib_start):
                break
            if comment or sib_kind in doc_ids:
                text = data[sib_start:sib_end].decode("utf-8", "replace")
                comments.append(text.strip("\"'") if sib_kind in doc_ids else text)  # docstring quotes
            start = sib_start
            sib = sib.prev_sibling
        comments.reverse()
        return start, comments

    def _skipped_before(self, start: int) -> int:
        """Where the text the parser skipped (the spec's ``unparsed``) right before
        ``start`` on its line begins, if only that and blanks stand between the line's
        start and ``start``: `FMT_API` in front of `class format_error` is the class's."""
        data = self.data
        line = data.rfind(b"\n", 0, start) + 1
        pos = line
        for m in self.grammar._unparsed.finditer(data, line):
            if m.start() >= start or data[pos:m.start()].strip():
                break
            pos = m.end()
        if pos == line or data[pos:start].strip():
            return start
        return line + len(data[line:start]) - len(data[line:start].lstrip())

    def _loose_doc(self, comment: Node) -> bool:
        """A doc block that may stand one blank line above its definition (a JSDoc
        `/** … */` in express's style), unless it documents the file itself."""
        marks = self.spec.loose_doc
        if not marks or not is_comment(comment) or not self.data.startswith(marks, comment.start_byte):
            return False
        return _FILE_DOC.search(comment.text) is None

    def _header_label(self, root: Node) -> str | None:
        for i in range(min(root.named_child_count, 8)):  # not named_children: lists them all
            child = root.named_child(i)
            if child.type in self.spec.headers:
                # a block namespace's head only (`namespace geo`), not its first declarations
                head = child.text.split(b"{", 1)[0]
                return " ".join(head.decode("utf-8", "replace").split())[:120].rstrip(";{ ")
        return None

    # ---- naming ---------------------------------------------------------------------

    def _describe(self, u: Unit, scope_name: str | None) -> None:
        d = u.definition
        own = self._own_name(d)
        receiver = self._receiver(d.node)
        prefix = receiver or scope_name
        u.name = f"{prefix}.{own}" if prefix and own else (own or prefix)
        u.label = self._signature(u)
        u.doc = self._doc(u)
        for c in u.children:
            self._describe(c, scope_name=u.name if u.name else scope_name)

    def _own_name(self, d: Definition) -> str | None:
        name_node = d.name
        if name_node is None:  # a group declaration is captured without names (tags.scm)
            group = self.spec.spec_groups.get(d.type)
            name_node = _first_spec_name(d.node, group[1]) if group else None
            if name_node is None:
                return None
        if d.kind == "impl":  # `impl<'a> Tr for &'a Shape<T>` names the impl `Shape`
            ident = _first_of_type(name_node, self.spec.type_name)
            if ident is not None:
                return ident.text.decode("utf-8", "replace")
        name = node_text(self.data, name_node).strip()
        unit_names = self.spec.unit_names  # most languages have none: no type to read
        render = unit_names.get(name_node.type) if unit_names else None
        if render is not None:
            name = render(name)
        if len(name) > 2 and name[0] == name[-1] and name[0] in _QUOTES:
            name = name[1:-1]  # a quoted identifier (SQL "Post", Swift `default`) is its content
        return name or None

    def _receiver(self, node: Node) -> str | None:
        field_name = self.spec.receiver_field
        if not field_name:
            return None
        receiver_id = self.grammar.field_id(field_name)
        receiver = node.child_by_field_id(receiver_id) if receiver_id else None
        ident = _first_of_type(receiver, self.spec.type_name) if receiver is not None else None
        return node_text(self.data, ident) if ident is not None else None

    def _signature(self, u: Unit) -> str:
        d = u.definition
        group = self.spec.spec_groups.get(d.type)
        if group:
            return _spec_group_signature(self._spec_rows(d, group[1]), group[0], self.spec, self.data)
        sig = signature_text(u.node, d.node, self.spec, self.data, value_like=u.kind in VALUE_KINDS)
        prefix = self.spec.signature_prefix.get(d.type)
        if prefix and not sig.startswith(prefix):
            sig = prefix + sig
        return sig

    def _doc(self, u: Unit) -> str:
        """Comments above the definition (not its attributes), then its docstring."""
        parts = []
        if u.comments:
            parts.append(comment_text("\n".join(u.comments)))
        if self.spec.docstring:
            parts.append(_docstring(u.definition.node, self.spec.docstring, self.data))
        return "\n".join(p for p in parts if p).strip()

    # ---- emitting -------------------------------------------------------------------

    def _emit_region(self, units: list[Unit], start: int, end: int, scope: list[str],
                     header_label: str | None = None) -> None:
        """Chunks for ``[start, end)``: the units and the gaps between them."""
        cursor = start
        for u in units:
            self._emit_gap(cursor, u.start, header_label if cursor == 0 else None, first=cursor == 0)
            self._emit_unit(u, scope)
            cursor = u.end
        self._emit_gap(cursor, end, header_label if cursor == 0 else None, first=cursor == 0)

    def _emit_gap(self, start: int, end: int, header_label: str | None, first: bool) -> None:
        for i, (s, e, size) in enumerate(self._pieces(start, end)):
            kind = "header" if first and i == 0 else "gap"
            crumb = f"{self.path} › {header_label}" if header_label and kind == "header" else self.path
            if size is None:
                size = nonws(self.data, s, e)
            self._add(s, e, kind, None, crumb, self._loose_embed(crumb, s, e, header=kind == "header", size=size),
                      size=size)

    def _emit_unit(self, u: Unit, scope: list[str]) -> None:
        crumb = " › ".join([self.path, *scope, u.label])
        size = nonws(self.data, u.start, u.end)
        if size <= self.config.body_budget:
            self._add(u.start, u.end, u.kind, u.name, crumb, self._unit_embed(u, crumb), size=size)
            return
        outer, node = self._within, u.node
        # a borrowed unit's node is not in the file's tree: its names are asked of the whole tree
        self._within = None if u.borrowed else (node, node.start_byte, node.end_byte)
        if u.children:
            self._split_nested(u, scope, crumb)
        else:
            self._split_statements(u, crumb, size)
        self._within = outer

    def _split_nested(self, u: Unit, scope: list[str], crumb: str) -> None:
        cursor, first = u.start, True
        children = u.children
        for i, c in enumerate(children):
            first = self._emit_fragments(u, crumb, cursor, c.start, first)
            after = children[i + 1].start if i + 1 < len(children) else u.end
            if not first and self._closing_tail(c, after):
                c = replace(c, end=after)  # the `}` closing the unit (or a block) ends this member
            self._emit_unit(c, [*scope, u.label])
            cursor = c.end
        self._emit_fragments(u, crumb, cursor, u.end, first)

    def _closing_tail(self, member: Unit, end: int) -> bool:
        """Whether ``[member.end, end)``, what follows a member of a split unit up to the
        next member or the unit's end, is only closing tokens and comments (`}`, `};`,
        `// endregion⏎}`) under the short content size: a chunk of its own would be a
        lone `}`."""
        if member.end >= end or nonws(self.data, member.end, end) >= self.config.short_content:
            return False
        node = member.node
        while True:
            sib = node.next_sibling
            if sib is None:  # a wrapper's last child: its parent's siblings follow
                node = node.parent
                if node is None or node.end_byte >= end:
                    return True
                continue
            if sib.start_byte >= end:
                return True
            if sib.end_byte > member.end and sib.is_named and not is_comment(sib):
                return False
            node = sib

    def _split_statements(self, u: Unit, crumb: str, total: int) -> None:
        """``u`` cut at statement starts into pieces of about 3/4 of the body budget.
        ``total``: u's nonws; each piece's is counted on the way (the last's is what the
        others leave), and _pieces takes it instead of counting the piece again."""
        cuts = [s for s in _statement_starts(u.definition.node) if u.start < s < u.end]
        pieces: list[tuple[int, int, int]] = []
        piece_start = u.start
        line_start, data, enough = self.lines.line_start, self.data, self.config.body_budget * 0.75
        size, counted_to = 0, piece_start  # nonws of [piece_start, counted_to), counted once
        for cut in cuts:
            cut = line_start(cut)
            if cut <= piece_start:
                continue
            size += nonws(data, counted_to, cut)
            counted_to = cut
            if size >= enough:
                pieces.append((piece_start, cut, size))
                total -= size
                piece_start, size = cut, 0
        pieces.append((piece_start, u.end, total))
        first = True
        for s, e, piece_size in pieces:
            first = self._emit_fragments(u, crumb, s, e, first, piece_size)

    def _emit_fragments(self, u: Unit, crumb: str, start: int, end: int, first: bool,
                        size: int | None = None) -> bool:
        """Fragments of ``u`` in ``[start, end)``, cut by lines if still too big. The
        first fragment carries the unit's own embed; later ones are continuations.
        ``size``: the span's nonws, when known."""
        for s, e, size in self._pieces(start, end, size):
            if first:  # the head carries the unit's own surface, however short its body
                self._add(s, e, u.kind, u.name, crumb, self._unit_embed(u, crumb), keep_embed=True)
            else:
                if size is None:
                    size = nonws(self.data, s, e)
                self._add(s, e, u.kind, u.name, crumb, self._loose_embed(crumb, s, e, size=size), size=size)
            first = False
        return first

    def _spec_rows(self, d: Definition, spec_type: str) -> list[tuple[list[str], Node | str | None, Node | str | None]]:
        """The specs of a group declaration (Go's `const (…)`), read once for both its
        signature and its embed text (a table of constants has hundreds): names, type
        and value (nodes, or their texts as shown when read from the bytes)."""
        known = self._spec_rows_of.get(id(d))
        if known is not None:
            return known[1]
        node, data = d.node, self.data
        # a tree with an error may not hold the names and value the bytes show
        plain = None if node.has_error else _PLAIN_SPEC.fullmatch
        rows = []
        self._spec_rows_of[id(d)] = (d, rows)
        spec_ids = self.grammar.kind_ids(f"spec {spec_type}", spec_type.__eq__)
        for s in _specs(node, spec_ids, self.grammar.kind_ids("list", _ends_list)):
            m = plain(data, s.start_byte, s.end_byte) if plain else None
            if m is None:
                rows.append(_spec_parts(s, data))
            else:  # `A`, `A T = 0x26`: read from the bytes, type and value as shown
                name, typ, value = m.groups()
                rows.append(([name.decode()], typ.decode() if typ is not None else None,
                             value.decode() if value is not None else None))
        return rows

    def _pieces(self, start: int, end: int, size: int | None = None) -> list[tuple[int, int, int | None]]:
        """``split_lines`` of ``[start, end)``, each piece with its nonws when counted on
        the way (a span that fits whole, the lines of a piece cut by lines), else None. A span cut into many pieces is the
        region their embed texts' nodes are found in, once (_loose_embed); for a few,
        asking per piece costs less. ``size``: the span's nonws, when the caller knows it."""
        self._region = None
        if size is None:
            size = nonws(self.data, start, end)
        if size <= self.config.body_budget:  # fits whole, as most gaps and fragments do
            self._region_span = None
            if not size:  # only whitespace (most gaps between definitions): nothing to trim
                return []
            start, end = trim(self.data, start, end)
            return [(start, end, size)] if start < end else []
        pieces = split_long_sized(self.data, start, end, self.config.body_budget)
        self._region_span = (start, end) if len(pieces) > REGION_PIECES else None
        return pieces

    # ---- embed surfaces ---------------------------------------------------------------

    def _unit_embed(self, u: Unit, crumb: str) -> str:
        d = u.definition
        node = d.node
        group = self.spec.spec_groups.get(d.type)
        if group:
            body = _spec_group_values(self._spec_rows(d, group[1]), group[0], self.spec, self.data)
            return _bounded(f"{self.path} › {body}", u.doc, self.config.embed_budget)
        if u.kind in VALUE_KINDS:
            value = self._child_in("value", node) or self._child_in("right", node)
            if value is not None and node_text(self.data, value) not in crumb:
                crumb = f"{crumb} = {render_value(value, self.spec, self.data)}"
        doc = u.doc
        if u.children:  # a whole class/impl embeds its members' signatures too
            doc = "\n".join(filter(None, [doc, "; ".join(c.label for c in u.children)]))
        return _bounded(crumb, doc, self.config.embed_budget)

    def _child_in(self, field_name: str, node: Node) -> Node | None:
        """``node.child_by_field_name(field_name)``, the field found by its id."""
        field = self.grammar.field_id(field_name)
        return node.child_by_field_id(field) if field else None

    def _loose_embed(self, crumb: str, start: int, end: int, header: bool = False, size: int | None = None) -> str:
        """Embed for text with no signature of its own (gaps, continuations): its
        comments and the names it declares and calls. ``size``: the span's nonws, when
        known."""
        if (nonws(self.data, start, end) if size is None else size) < self.config.short_content:
            return ""  # tiny: lexical only, nothing to compute
        root = self.tree.root_node if self.tree is not None else None
        region = None
        if root is not None and self._region_span is not None \
                and self._region_span[0] <= start and end <= self._region_span[1]:
            if self._region is None:
                self._region = RegionNodes(identifier_nodes(self.grammar, self.spec,
                                                            self._query_root(root, *self._region_span),
                                                            *self._region_span))
            region = self._region
        elif root is not None:
            root = self._query_root(root, start, end)
        comments, declared, called = collect_identifiers(self.grammar, self.spec, root, self.data, start, end,
                                                         region=region)
        if header and self.spec.docstring and self.tree is not None:
            file_doc = _docstring(self.tree.root_node, self.spec.docstring, self.data, field=None)
            comments = "\n".join(filter(None, [file_doc, comments]))
        extra = []
        if declared:
            extra.append("declares " + ", ".join(declared[:24]))
        if called and not header:
            extra.append("calls " + ", ".join(called[:24]))
        doc = "\n".join(filter(None, ["; ".join(extra), comments]))
        return _bounded(crumb, doc, self.config.embed_budget) if doc else ""

    def _query_root(self, root: Node, start: int, end: int) -> Node:
        """The node to look for the names of ``[start, end)`` under: the unit being split
        (of the file's tree) when it holds the span past its first byte, else ``root``. A query over the whole
        tree with a byte range still steps through the nodes around the range (on a large
        file ~25 us a query, against a few over the unit); what it finds beyond the
        unit's subtree is the unit's ancestors, which start before ``start`` and so are
        no names or comments of the span (a node starting at ``end`` is not found)."""
        within = self._within
        if within is not None and within[1] < start and end <= within[2]:
            return within[0]
        return root

    def _add(self, start: int, end: int, kind: str, name: str | None, crumb: str,
             embed: str | None, keep_embed: bool = False, size: int | None = None) -> None:
        """A chunk of ``[start, end)`` less its outer whitespace. ``size``: the span's
        nonws, when the caller counted it (trimming leaves it the same)."""
        start, end = trim(self.data, start, end)
        if start >= end:
            return
        if not embed or (not keep_embed
                         and (nonws(self.data, start, end) if size is None else size) < self.config.short_content):
            embed = None
        line_start, line_end = self.lines.span(start, end)
        self.rows.append((self.path, start, end, line_start, line_end, kind, name, crumb, embed, self.chunker))


# ---- helpers with no state ------------------------------------------------------------


def _starts_line(data: bytes, offset: int) -> bool:
    """Whether only whitespace lies between the start of ``offset``'s line and it (read
    backwards over the indentation: a minified file's line may be long)."""
    i = offset
    while i > 0 and data[i - 1] in _INDENT:
        i -= 1
    return i == 0 or data[i - 1] == 10  # \n


def _key(node: Node) -> tuple[int, int, str]:
    return node.start_byte, node.end_byte, node.type


def _holders(parent: Node, node_type: str, definitions: set[tuple[int, int, str]]) -> int:
    """How many of ``parent``'s named children are definitions or of ``node_type``,
    counted up to 2 (only whether it is 1 matters): the children read by index and no
    further than a second (a grouped `type ( … )` of hundreds of specs read them all
    for each of its specs)."""
    found = 0
    for i in range(parent.named_child_count):
        c = parent.named_child(i)
        if c.type == node_type or _key(c) in definitions:
            found += 1
            if found == 2:
                break
    return found


def _first_of_type(node: Node, node_type: str) -> Node | None:
    stack = [node]
    while stack:  # depth first, left to right
        n = stack.pop()
        if n.type == node_type:
            return n
        stack.extend(reversed(n.named_children))
    return None


def _top_level_error(root: Node) -> bool:
    """A recovered piece is usable when every error in it lies inside a well-formed
    top-level node (an SQL `CREATE FUNCTION … AS 'lib', 'sym'` the grammar half
    knows); an error among the top-level nodes means the piece was cut wrong."""
    if not root.has_error:
        return False
    return any(c.is_error or c.is_missing for c in root.children)


def _starts_inside_sibling(u: Unit) -> bool:
    """Whether ``u``'s doc begins inside the node before it (taken from its tail)."""
    prev = u.node.prev_sibling
    return prev is not None and prev.start_byte < u.start < prev.end_byte


def _last_descendant(node: Node) -> Node | None:
    """The deepest last child (a comment closing an indented body, in Scala's grammar)."""
    while node.child_count:
        node = node.child(node.child_count - 1)
    return node


def _brace_owner(after: Node) -> tuple[Node, Node] | None:
    """(the body, the node owning it) when ``after`` is a `}` closing a body; else None."""
    if after.type != "}":
        return None
    body = after.parent
    owner = body.parent if body is not None else None
    return (body, owner) if owner is not None else None


def _closes_unit(after: Node, definitions: set[tuple[int, int, str]]) -> bool:
    """Whether ``after`` is the closing brace of a definition's own body (a type's `}`
    after its last member): that brace ends the definition, not the member before it."""
    closed = _brace_owner(after)
    return closed is not None and _key(closed[1]) in definitions


def _container_start(node: Node, after: Node, definitions: set[tuple[int, int, str]], start: int) -> int | None:
    """Where the unit ``node`` starts when ``after``, the `}` closing the container it
    stands in (a block namespace, not a unit), joins it: at the container's head when
    ``node`` is the container's one definition, so the chunk holds both the `{` and the
    `}`. None when the container holds other definitions: its `}` is not this unit's (a
    class ending with its namespace's brace reads as cut wrong) and stays a gap. A
    trailing sibling that is no closing brace (C's `;`) joins at ``start``."""
    closed = _brace_owner(after)
    if closed is None or closed[1].parent is None:
        return start
    body, owner = closed
    lo, hi = body.start_byte, body.end_byte
    own_lo, own_hi = node.start_byte, node.end_byte
    for d_start, d_end, _ in definitions:  # another definition in the container, however wrapped
        if lo <= d_start and d_end <= hi and not (own_lo <= d_start and d_end <= own_hi):
            return None
    return min(start, owner.start_byte)


def _closing_comment_end(after: Node, data: bytes) -> int:
    """End of ``after``, a trailing sibling that has joined a unit, or, when it is a
    container's `}`, of the comment after it on its line (`}  // namespace fmt`)."""
    closed = _brace_owner(after)
    sib = closed[1].next_sibling if closed is not None else None
    if sib is not None and is_comment(sib) and b"\n" not in data[after.end_byte:sib.start_byte]:
        return sib.end_byte
    return after.end_byte


def _brace_block_end(node: Node) -> int | None:
    """End of the first later sibling that is a lone `}` (a flat-parsed block's close)."""
    sib = node.next_sibling
    while sib is not None:
        if sib.end_byte - sib.start_byte == 1 and sib.text == b"}":
            return sib.end_byte
        sib = sib.next_sibling
    return None


def _inside_error(node: Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.is_error:
            return True
        parent = parent.parent
    return False


def _docstring(node: Node, statement: str, data: bytes, field: str | None = "body") -> str:
    """The string literal opening a body (Python's docstring convention): the first
    named child, a ``statement`` holding a string. Children are read by index: a list
    of a class body's (or a file's) named children is a node object for each."""
    body = node.child_by_field_name(field) if field else node
    if body is None or not body.named_child_count:
        return ""
    first = body.named_child(0)
    string = first.named_child(0) if first.type == statement and first.named_child_count else None
    if string is not None and string.type == "string":
        raw = node_text(data, string)
        return comment_text(raw.strip().strip("rbuRBU").strip("\"'"))
    return ""


def _statement_starts(node: Node) -> list[int]:
    """Byte offsets where the statements of a definition's body begin."""
    body = node.child_by_field_name("body")
    if body is None:
        for c in node.named_children:
            if c.named_child_count > 2:
                body = c
        if body is None:
            return []
    starts: list[int] = []
    while True:  # descend through single wrappers (Go's block → statement_list)
        kids = body.named_children
        code = [c for c in kids if "comment" not in c.type]
        if len(code) == 1 and code[0].named_child_count > 1:
            starts += [c.start_byte for c in kids if c is not code[0]]
            body = code[0]
            continue
        starts += [c.start_byte for c in kids]
        return sorted(starts)


def _spec_parts(s: Node, data: bytes) -> tuple[list[str], Node | None, Node | None]:
    """Names, type and value of a Go const/var spec; `x = T{…}` takes T as its type.
    The commas between a const spec's names are in its name field too: not names."""
    names = [data[n.start_byte:n.end_byte].decode() for n in s.children_by_field_name("name") if n.is_named]
    typ, value = s.child_by_field_name("type"), s.child_by_field_name("value")
    if typ is None and value is not None and value.named_child_count == 1:
        only = value.named_child(0)
        if only.type == "composite_literal":
            only_type = only.child_by_field_name("type")
            if only_type is not None:
                typ, value = only_type, only.child_by_field_name("body")
    return names, typ, value


def _spec_group_signature(rows: list[tuple[list[str], Node | None, Node | None]], keyword: str,
                          spec: LanguageSpec, data: bytes) -> str:
    if len(rows) == 1:  # its type on one line: an anonymous struct's fields stay out of the breadcrumb
        names, typ, _ = rows[0]
        if typ is not None and not isinstance(typ, str):
            typ = type_text(typ, spec, data)
        return f"{keyword} {', '.join(names)}" + (f" {typ}" if typ is not None else "")
    names = [name for row in rows for name in row[0]]
    shown = ", ".join(names[:6]) + (", …" if len(names) > 6 else "")
    return f"{keyword} ({shown})"


def _spec_group_values(rows: list[tuple[list[str], Node | None, Node | None]], keyword: str,
                       spec: LanguageSpec, data: bytes) -> str:
    lines = []
    for names, typ, value in rows:
        if typ is not None and not isinstance(typ, str):
            typ = typ.text.decode()
        line = f"{keyword} {', '.join(names)}" + (f" {typ}" if typ is not None else "")
        if value is not None:
            line += " = " + (value if isinstance(value, str) else render_value(value, spec, data))
        lines.append(line)
    return "\n".join(lines)


def _first_spec_name(node: Node, spec_type: str) -> Node | None:
    """The name of a group declaration's first spec that has one (Go's `const ( A = 1 … )`
    is named A), children read in order by index (a table has thousands)."""
    for i in range(node.named_child_count):
        c = node.named_child(i)
        c_type = c.type
        if c_type == spec_type:
            name = c.child_by_field_name("name")
            if name is not None:
                return name
        elif c_type.endswith("_list"):
            name = _first_spec_name(c, spec_type)
            if name is not None:
                return name
    return None


def _specs(node: Node, spec_ids: frozenset[int], list_ids: frozenset[int],
           out: list[Node] | None = None) -> list[Node]:
    """A group declaration's specs in document order: its named children of a spec kind
    (``spec_ids``) and those of its ``*_list`` children (``list_ids``), read in order
    (children come in order: nothing to sort), their kinds by id (a table has thousands)."""
    if out is None:
        out = []
    for c in node.named_children:
        c_kind = c.kind_id
        if c_kind in spec_ids:
            out.append(c)
        elif c_kind in list_ids:
            _specs(c, spec_ids, list_ids, out)
    return out


def _ends_list(node_type: str) -> bool:
    return node_type.endswith("_list")


def _bounded(head: str, doc: str, budget: int) -> str:
    """``head`` (kept whole) plus as much of ``doc`` as fits the budget."""
    if not doc:
        return head
    room = budget - len(head) - 1
    if room <= 0:
        return head
    if len(doc) > room:
        cut = doc.rfind(" ", 0, room - 1)
        doc = doc[: cut if cut > room // 2 else room - 1].rstrip() + "…"
    return f"{head}\n{doc}"
