"""Text surfaces cut from a syntax tree: signatures, doc text, value summaries and the
names a span declares and calls. Language-neutral: the node types it looks for are the
language's (``LanguageSpec``: ``collections``, ``function_literals``, ``declaring``,
``calls``, defaults shared by most grammars in ``lode/languages/spec.py``)."""

from __future__ import annotations

import re
from bisect import bisect_left
from operator import itemgetter

from ..languages.spec import LanguageSpec
from ..languages.treesitter import Node, grammar_for

SIGNATURE_MAX = 240
VALUE_MAX = 240
COMMENTS = ("comment", "line_comment", "block_comment")  # not doc_comment: it nests inside these
# `---` (LuaLS annotations) and `-- |` (Haddock) are comment marks too
_COMMENT_MARKS = re.compile(r"^\s*(?:///?!?|/\*\*?|\(\*\*?|\*/|\*|#!?|---?(?:\s*[|^])?|;+)\s?", re.M)
_XML_DOC_NAMES = ("summary|remarks|returns|param|typeparam|exception|example|code|para|c|see|"
                  "seealso|paramref|typeparamref|value|inheritdoc|list|item|description|term|br")
_XML_DOC = re.compile(r"<(?:summary|param|returns|remarks|see|inheritdoc)\b")  # C# XML doc
_XML_DOC_REF = re.compile(r'<(?:see|seealso|paramref|typeparamref)\s+\w+="([^"]*)"\s*/>')
_XML_DOC_TAG = re.compile(rf"</?(?:{_XML_DOC_NAMES})(?:\s+[^<>]*)?/?>")
_ML_CLOSE = re.compile(r"\s*\*+\)\s*$")  # OCaml's `*)`
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
# possessive: a word given back leaves a word character before the lookahead, which
# then fails anyway (a callee `strings.NewReader` backtracked through every word)
_LAST_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*+(?=[^A-Za-z0-9_]*+$)")
_LAST_IDENT_BYTES = re.compile(_LAST_IDENT.pattern.encode())
# A formatter's line breaks inside brackets are no spacing of the one-line signature a
# person writes: `f(⏎    x int,⏎)` reads `f(x int)`. The break after an opening bracket
# goes, and so does one before a closing bracket, with the trailing comma before it.
# (Possessive: what follows each run is a byte the run does not take.)
_BREAK_AFTER_OPEN = re.compile(r"([(\[{<])[ \t]*+\r?\n\s*+")
# The break before a closing bracket is found from its newline (`,?\s*\n\s*(?=[)\]}>])`
# substituted tried a match at every comma and blank of the text): _join_closing.
_NEWLINE_BEFORE_CLOSE = re.compile(r"\n\s*+(?=[)\]}>])")


def node_text(data: bytes, node: Node) -> str:
    """``_text(node)`` read from the bytes the tree was parsed from: cheaper than
    Node.text, which builds a memoryview and a slice object for each call."""
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")


def _squash(s: str) -> str:
    return " ".join(s.split())


def signature_text(outer: Node, node: Node, spec: LanguageSpec, data: bytes,
                   value_like: bool = False) -> str:
    """A definition's text up to its body, on one line (``def f(x)``, ``impl Db``);
    for constants and variables (``value_like``), their first line."""
    start = outer.start_byte
    # kinds tested by id: a read of ``type`` makes a new string
    skipped, not_signature = _signature_kinds.get(spec.name) or _make_signature_kinds(spec)
    outer_children = outer.children  # a node object per child: listed once when outer is node
    for child in outer_children:  # skip decorators and attributes inside the wrapper
        if child.kind_id in skipped:  # attached, or a comment
            start = child.end_byte
        else:
            break
    body = None if value_like else _find_body(node, spec)
    end = body.start_byte if body is not None else node.end_byte
    if end <= start:
        end = node.end_byte
    # a comment (or Haddock) before the body is not signature; children come in order,
    # so none from the body on can be, and only those after ``start`` have a type to read
    for child in outer_children if outer is node else node.children:
        child_start = child.start_byte
        if child_start >= end:
            break
        if child_start > start and child.kind_id in not_signature:  # a comment or doc node
            end = child_start
            break
    text = data[start:end].decode("utf-8", "replace")
    if body is None:
        text = text.split("\n", 1)[0]
    elif "\n" in text:
        # The whitespace before the body (`def f(x):⏎    `) is squashed below whatever
        # the breaks' patterns make of it: without it most one-line signatures of an
        # indented language hold no break, and skip the patterns.
        text = text.rstrip()
        if "\n" in text:
            text = _join_closing(_BREAK_AFTER_OPEN.sub(r"\1", text))
    # a trailing comma is a formatter's too (Rust's `where T: Clone,` before the body)
    sig = _squash(text).rstrip("{:=(;, ").rstrip()
    if len(sig) > SIGNATURE_MAX:
        sig = sig[: SIGNATURE_MAX - 1].rstrip() + "…"
    return sig or _squash(node_text(data, node))[:SIGNATURE_MAX]


def _join_closing(text: str) -> str:
    r"""``re.sub(r",?\s*\n\s*(?=[)\]}>])", "", text)``: each run of whitespace holding a
    newline and followed by a closing bracket goes, with a comma right before it. Each
    run is found by its first newline (a search for a newline is a scan for one
    character; the pattern above was tried at every comma and blank, ~3.5% of chunking
    Python's files), then taken back over the blanks and the comma before it."""
    m = _NEWLINE_BEFORE_CLOSE.search(text)
    if m is None:
        return text
    out = []
    last = 0
    while m is not None:
        i = m.start()
        while i > last and text[i - 1] != "\n" and text[i - 1].isspace():
            i -= 1
        if i > last and text[i - 1] == ",":
            i -= 1
        out.append(text[last:i])
        last = m.end()
        m = _NEWLINE_BEFORE_CLOSE.search(text, last)
    out.append(text[last:])
    return "".join(out)


# language → signature_text's kind ids: (attached or comment, comment or doc node)
_signature_kinds: dict[str, tuple[frozenset[int], frozenset[int]]] = {}


def _make_signature_kinds(spec: LanguageSpec) -> tuple[frozenset[int], frozenset[int]]:
    kind_ids = grammar_for(spec).kind_ids
    comments = kind_ids("comment", is_comment_kind)
    kinds = _signature_kinds[spec.name] = (kind_ids("attached", spec.attached.__contains__) | comments,
                                           kind_ids("doc_nodes", spec.doc_nodes.__contains__) | comments)
    return kinds


def type_text(node: Node, spec: LanguageSpec, data: bytes) -> str:
    """A type as a breadcrumb shows it, on one line: a type written over several lines
    (Go's `var settings struct {⏎…⏎}`) up to its body when it has one (`struct`,
    `map[string]struct`, like a `type` declaration's signature), whitespace squashed and
    bounded like a signature; a type on one line, its text."""
    text = node_text(data, node)
    if "\n" not in text:
        return text
    body = _find_body(node, spec)
    if body is not None and body.start_byte > node.start_byte:
        text = data[node.start_byte:body.start_byte].decode("utf-8", "replace")
    text = _squash(text)
    if len(text) > SIGNATURE_MAX:
        text = text[: SIGNATURE_MAX - 1].rstrip() + "…"
    return text


def _find_body(node: Node, spec: LanguageSpec) -> Node | None:
    body_id = grammar_for(spec).field_id("body")
    body = node.child_by_field_id(body_id) if body_id else None
    if body is not None:
        return body
    frontier = [node]
    bodies = spec.bodies
    for _depth in range(3):
        nxt = []
        for n in frontier:
            for c in n.children:
                c_type = c.type
                if c_type in bodies or c_type == "{":
                    return c
                nxt.append(c)
        frontier = nxt
    return None


def comment_text(raw: str) -> str:
    """Comment markers removed, lines joined as prose; C#'s XML doc tags are dropped
    (a reference such as `<see cref="Foo"/>` keeps its name)."""
    # A line's marks are matched at its start, not searched for along it (a `sub` tried
    # the pattern at every character of every comment line); blank lines add only
    # spaces, squashed away.
    marks = _COMMENT_MARKS.match
    lines = []
    for ln in raw.splitlines():
        m = marks(ln)
        if m is not None:
            ln = ln[m.end():]
        lines.append((_ML_CLOSE.sub("", ln) if "*)" in ln else ln).rstrip(" */"))  # `*)` ends OCaml's only
    text = _squash(" ".join(lines))
    if "<" in text and _XML_DOC.search(text):
        text = _squash(_XML_DOC_TAG.sub(" ", _XML_DOC_REF.sub(r"\1", text)))
    return text


def render_value(node: Node, spec: LanguageSpec, data: bytes, limit: int = VALUE_MAX) -> str:
    """A value's text with collections cut after three elements and function literals
    shown by signature: ``{{0x0, 0xf, 0}, {1, 2, 3}, {4, 5, 6}, …}``. ``data`` is the
    file's bytes the tree was parsed from."""
    # Go's constant tables pass here by the thousand: each node's kind is read once, as
    # its id (every read is a call into tree-sitter, and a read of ``type`` makes a new
    # string; a node waits on the stack with its kind) and the pieces are appended in
    # line; a leaf child's text goes on the stack in its place, as it would come off as a
    # node (most nodes of a table are leaves); texts are sliced from ``data`` (Node.text
    # builds a memoryview and a slice per call).
    out: list[str] = []
    budget = limit
    kinds = _value_kinds.get(spec.name) or _make_value_kinds(spec)
    comments, function_literals, collections, commas = kinds
    leaf = _single_leaf(node, kinds, data) if limit > 0 else None
    if leaf is not None:  # most values (`0x10`, `"text"`, `x`): no pieces to order
        out.append(leaf)
        budget -= len(leaf)
    stack: list[tuple[Node, int, int] | str] = [(node, 0, node.kind_id)] if leaf is None else []
    while stack and budget > 0:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            budget -= len(item)
            continue
        n, depth, n_kind = item
        if n_kind in function_literals:
            body = _find_body(n, spec)
            head = data[n.start_byte:body.start_byte if body is not None else n.end_byte]
            piece = _squash(head.decode("utf-8", "replace")) + " {…}"
            out.append(piece)
            budget -= len(piece)
            continue
        if n.child_count == 0 or depth > 40:
            piece = node_text(data, n)
            out.append(piece)
            budget -= len(piece)
            continue
        if n_kind in collections and n.named_child_count > 3:
            # walk children by index: a table literal may have thousands
            parts: list[tuple[Node, int, int] | str] = []
            first, last = n.child(0), n.child(n.child_count - 1)
            if not first.is_named:
                parts.append(node_text(data, first))
            shown = 0
            for i in range(n.child_count):
                c = n.child(i)
                if c.is_named:
                    c_kind = c.kind_id
                    if c_kind not in comments:
                        parts += [_piece(c, depth + 1, c_kind, function_literals, data), ", "]
                        shown += 1
                        if shown == 3:
                            break
            parts.append("…")
            if not last.is_named:
                parts.append(node_text(data, last))
            stack.extend(reversed(parts))
            continue
        pieces: list[tuple[Node, int, int] | str] = []
        depth += 1
        for c in n.children:
            c_kind = c.kind_id
            if c_kind in comments:
                continue
            if c_kind in function_literals or c.child_count:
                pieces.append((c, depth, c_kind))
            else:  # a leaf: its text, as it would come off the stack
                pieces.append(data[c.start_byte:c.end_byte].decode("utf-8", "replace"))
            if c_kind in commas:
                pieces.append(" ")
        stack.extend(reversed(pieces))
    text = _one_space("".join(out)).replace(" ,", ",")
    if budget <= 0 or len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


# language → the kind ids render_value tests: (comments, function literals, collections, commas)
_value_kinds: dict[str, tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]] = {}


def _make_value_kinds(spec: LanguageSpec) -> tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]:
    """The kinds render_value tests by name (``comment`` in it, the spec's function
    literals and collections, a comma) as sets of the grammar's kind ids."""
    kind_ids = grammar_for(spec).kind_ids
    kinds = _value_kinds[spec.name] = (
        kind_ids("comment", is_comment_kind),
        kind_ids("function_literals", spec.function_literals.__contains__),
        kind_ids("collections", spec.collections.__contains__),
        kind_ids("comma", ",".__eq__))
    return kinds


def is_comment_kind(node_type: str) -> bool:
    """Whether a node of this kind is a comment (a test on its name, for kind_ids)."""
    return "comment" in node_type


def _one_space(text: str) -> str:
    r"""``re.sub(r"\s+", " ", text)``, by split and join in C (a substitution tries the
    pattern at every character): each run of whitespace one space, at either end too."""
    inner = " ".join(text.split())
    if not text or not (text[0].isspace() or text[-1].isspace()):
        return inner
    if not inner:
        return " "
    return (" " if text[0].isspace() else "") + inner + (" " if text[-1].isspace() else "")


def _piece(node: Node, depth: int, node_kind: int, function_literals: frozenset[int],
           data: bytes) -> tuple[Node, int, int] | str:
    """A node as render_value stacks it: a leaf as its text, else with its depth and kind id."""
    if node_kind in function_literals or node.child_count:
        return node, depth, node_kind
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")


def _single_leaf(node: Node, kinds: tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]],
                 data: bytes) -> str | None:
    """What render_value makes of a chain of single children ending in a leaf (an
    expression list holding one literal): the leaf's text ("" when the chain ends in a
    comment); None for any other shape. ``kinds``: render_value's kind ids."""
    comments, function_literals, _, commas = kinds
    for _depth in range(41):  # render_value reads a node deeper than 40 as a leaf
        if node.kind_id in function_literals:
            return None
        count = node.child_count
        if count == 0:
            return node_text(data, node)
        if count != 1:
            return None
        node = node.child(0)
        node_kind = node.kind_id
        if node_kind in comments:
            return ""
        if node_kind in commas:  # rendered as ", "
            return None
    return None if node.kind_id in function_literals else node_text(data, node)


_capture_kinds: dict[str, tuple[tuple[str, str], ...]] = {}  # language → (node kind, capture name)s


def identifier_nodes(grammar, spec: LanguageSpec, root: Node, start: int, end: int) -> dict[str, list[Node]]:
    """The comment, declaring and call nodes meeting ``[start, end)``, by capture name
    (``comment``, ``decl``, ``call``), each list in document order."""
    kinds = _capture_kinds.get(spec.name)
    if kinds is None:  # the same for every span of the language: made (and sorted) once
        kinds = _capture_kinds[spec.name] = tuple(sorted(
            ({k: "decl" for k in spec.declaring} | {k: "call" for k in spec.calls}
             | {k: "comment" for k in COMMENTS}).items()))
    return grammar.node_captures(kinds, root, start, end)


class RegionNodes:
    """:func:`identifier_nodes` of a region cut into many pieces, found once and handed
    out per piece: a query limited to each piece walks the region's nodes again (a
    1.4 MB string constant cut into 732 pieces took a second of tree-sitter)."""

    def __init__(self, found: dict[str, list[Node]]):
        self._by_start = {}
        for cap, nodes in found.items():
            nodes = sorted(nodes, key=_start_byte)  # stable: nodes at one byte keep their order
            self._by_start[cap] = ([n.start_byte for n in nodes], nodes)

    def starting_in(self, start: int, end: int) -> dict[str, list[Node]]:
        """The nodes starting inside ``[start, end)``: of a piece's own query's nodes, all
        that collect_identifiers keeps (names start in the piece, comments lie in it)."""
        return {cap: nodes[bisect_left(starts, start):bisect_left(starts, end)]
                for cap, (starts, nodes) in self._by_start.items()}


def _start_byte(node: Node) -> int:
    return node.start_byte


def collect_identifiers(grammar, spec: LanguageSpec, root: Node | None, data: bytes, start: int, end: int,
                        enough: int = 24, region: RegionNodes | None = None) -> tuple[str, list[str], list[str]]:
    """Comments, declared names and called names inside ``[start, end)`` of ``data``
    (the bytes ``root`` was parsed from): one query walk in C finds the nodes (a Python
    walk over a 40,000-line table was seconds), or they are taken from the ``region``
    holding the span."""
    if root is None:
        return "", [], []
    fields = _name_fields.get(spec.name)
    if fields is None:
        fields = _name_fields[spec.name] = _fields_naming(grammar, spec)
    found = region.starting_in(start, end) if region is not None else \
        identifier_nodes(grammar, spec, root, start, end)
    spans = sorted([(n.start_byte, n.end_byte) for n in found.get("comment", ())], key=_FIRST)  # stable
    comments = [data[s:e].decode("utf-8", "replace") for s, e in spans if s >= start and e <= end]
    declared = _names(data, found.get("decl", ()), start, fields[0], (), enough)
    called = _names(data, found.get("call", ()), start, None, fields[1], enough)
    return comment_text("\n".join(comments)), declared, called


# language → (declaring node type → the grammar's id of its name field, None for its first
# named child, 0 for a field the grammar lacks; the ids of a call's function fields). The
# first map takes each node kind id met too (_names reads a node's kind_id, an int, not
# its type, a new string per read).
_name_fields: dict[str, tuple[dict[str | int, int | None], tuple[int, ...]]] = {}
_CALLEE_FIELDS = ("function", "macro", "name")


def _fields_naming(grammar, spec: LanguageSpec) -> tuple[dict[str, int | None], tuple[int, ...]]:
    """The fields _names reads a declaration's and a call's name from, as the grammar's
    field ids: ``child_by_field_id`` is ``child_by_field_name`` without the search of
    the name among the grammar's fields on every call (a field the grammar lacks has
    no child, as by name)."""
    field_id = grammar.language.field_id_for_name
    declaring = {n_type: (field_id(field) or 0) if field else None for n_type, field in spec.declaring.items()}
    return declaring, tuple(i for i in map(field_id, _CALLEE_FIELDS) if i)


# A name's place: its span, then its node's span. Places equal in all four name the
# same bytes (or one of them names nothing), so their order changes no output, and the
# node's type (a new string per read) is not read for it.
_PLACE = itemgetter(0, 1, 2, 3)
_UNKNOWN = object()
_FIRST = itemgetter(0)


def _names(data: bytes, nodes, start: int, by_type: dict[str | int, int | None] | None, fields: tuple[int, ...],
           enough: int) -> list[str]:
    """Distinct names in reading order of the names themselves. Nested calls start at
    the same byte (``Path(p).read_text().strip()`` is three calls at one offset), and
    the query cursor hands such nodes over in no fixed order: ordering by the node's
    start alone made embed texts differ between two runs over the same bytes. A node's
    name is its child in its type's field (``by_type``, declarations) or in the first
    of ``fields`` it has (calls), else its first named child."""
    out: list[str] = []
    seen: set[str] = set()
    placed = []
    for n in nodes:
        n_start = n.start_byte  # each field read once: every read is a call into tree-sitter
        if n_start < start:
            continue
        t = None
        if by_type is not None:
            field = by_type.get(n.kind_id, _UNKNOWN)
            if field is _UNKNOWN:  # a kind not met yet: its field found by its type's name
                field = by_type[n.kind_id] = by_type[n.type]
            if field:
                t = n.child_by_field_id(field)
            elif field is None:
                kids = n.named_children
                t = kids[0] if kids else None
        else:
            for field in fields:
                t = n.child_by_field_id(field)
                if t is not None:
                    break
            else:
                kids = n.named_children
                t = kids[0] if kids else None
        n_end = n.end_byte
        if t is None:
            placed.append((n_end, n_start, n_start, n_end, False))
        else:
            placed.append((t.end_byte, t.start_byte, n_start, n_end, True))
    placed.sort(key=_PLACE)
    for place in placed:
        # the name is the target's, whose span leads the place
        name = _last_identifier(data[place[1]:place[0]]) if place[4] else None
        if name and name not in seen:
            seen.add(name)
            out.append(name)
            if len(out) >= enough:
                break
    return out


def _last_identifier(raw: bytes) -> str | None:
    """The last identifier in a node's bytes (none when over 200 characters)."""
    if len(raw) > 200:  # over 200 bytes may still be 200 characters or fewer
        text = raw.decode("utf-8", "replace")
        if len(text) > 200:
            return None
        m = _LAST_IDENT.search(text)
        return m.group(0) if m else None
    # the pattern is ASCII: searched in the bytes, only the name is decoded
    m = _LAST_IDENT_BYTES.search(raw)
    return m.group(0).decode("ascii") if m else None
