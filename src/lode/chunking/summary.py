"""Text surfaces cut from a syntax tree: signatures, doc text, value summaries and the
names a span declares and calls. Language-neutral: the node types it looks for are the
language's (``LanguageSpec``: ``collections``, ``function_literals``, ``declaring``,
``calls``, defaults shared by most grammars in ``lode/languages/spec.py``)."""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import repeat
from operator import itemgetter

from ..languages.spec import LanguageSpec
from ..languages.treesitter import Node

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
_SPACES = re.compile(r"\s+")
_LAST_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?=[^A-Za-z0-9_]*$)")


def _text(node: Node) -> str:
    return node.text.decode("utf-8", "replace")


def _squash(s: str) -> str:
    return " ".join(s.split())


def signature_text(outer: Node, node: Node, spec: LanguageSpec, data: bytes,
                   value_like: bool = False) -> str:
    """A definition's text up to its body, on one line (``def f(x)``, ``impl Db``);
    for constants and variables (``value_like``), their first line."""
    start = outer.start_byte
    attached, doc_nodes = spec.attached, spec.doc_nodes
    for child in outer.children:  # skip decorators and attributes inside the wrapper
        child_type = child.type  # read once: each read is a call into tree-sitter
        if child_type in attached or "comment" in child_type:
            start = child.end_byte
        else:
            break
    body = None if value_like else _find_body(node, spec)
    end = body.start_byte if body is not None else node.end_byte
    if end <= start:
        end = node.end_byte
    for child in node.children:  # a comment (or Haddock) before the body is not signature
        child_type = child.type
        if "comment" in child_type or child_type in doc_nodes:
            child_start = child.start_byte
            if start < child_start < end:
                end = child_start
                break
    text = data[start:end].decode("utf-8", "replace")
    if body is None:
        text = text.split("\n", 1)[0]
    sig = _squash(text).rstrip("{:=(; ").rstrip()
    if len(sig) > SIGNATURE_MAX:
        sig = sig[: SIGNATURE_MAX - 1].rstrip() + "…"
    return sig or _squash(_text(node))[:SIGNATURE_MAX]


def _find_body(node: Node, spec: LanguageSpec) -> Node | None:
    body = node.child_by_field_name("body")
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
    lines = [(_ML_CLOSE.sub("", ln) if "*)" in ln else ln).rstrip(" */")  # `*)` ends OCaml's only
             for ln in map(_COMMENT_MARKS.sub, repeat(""), raw.splitlines())]
    text = _squash(" ".join(ln for ln in lines if ln.strip()))
    if _XML_DOC.search(text):
        text = _squash(_XML_DOC_TAG.sub(" ", _XML_DOC_REF.sub(r"\1", text)))
    return text


def render_value(node: Node, spec: LanguageSpec, limit: int = VALUE_MAX) -> str:
    """A value's text with collections cut after three elements and function literals
    shown by signature: ``{{0x0, 0xf, 0}, {1, 2, 3}, {4, 5, 6}, …}``."""
    # Go's constant tables pass here by the thousand: each node's type is read once
    # (every read is a call into tree-sitter) and the pieces are appended in line.
    out: list[str] = []
    budget = limit
    function_literals, collections = spec.function_literals, spec.collections
    stack: list[tuple[Node, int] | str] = [(node, 0)]
    while stack and budget > 0:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            budget -= len(item)
            continue
        n, depth = item
        n_type = n.type
        if n_type in function_literals:
            body = _find_body(n, spec)
            head = n.text[: body.start_byte - n.start_byte] if body is not None else n.text
            piece = _squash(head.decode("utf-8", "replace")) + " {…}"
            out.append(piece)
            budget -= len(piece)
            continue
        if n.child_count == 0 or depth > 40:
            piece = _text(n)
            out.append(piece)
            budget -= len(piece)
            continue
        if n_type in collections and n.named_child_count > 3:
            # walk children by index: a table literal may have thousands
            parts: list[tuple[Node, int] | str] = []
            first, last = n.child(0), n.child(n.child_count - 1)
            if not first.is_named:
                parts.append(_text(first))
            shown = 0
            for i in range(n.child_count):
                c = n.child(i)
                if c.is_named and "comment" not in c.type:
                    parts += [(c, depth + 1), ", "]
                    shown += 1
                    if shown == 3:
                        break
            parts.append("…")
            if not last.is_named:
                parts.append(_text(last))
            stack.extend(reversed(parts))
            continue
        pieces: list[tuple[Node, int] | str] = []
        for c in n.children:
            c_type = c.type
            if "comment" in c_type:
                continue
            pieces.append((c, depth + 1))
            if c_type == ",":
                pieces.append(" ")
        stack.extend(reversed(pieces))
    text = _SPACES.sub(" ", "".join(out)).replace(" ,", ",")
    if budget <= 0 or len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


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


def collect_identifiers(grammar, spec: LanguageSpec, root: Node | None, start: int, end: int,
                        enough: int = 24, region: RegionNodes | None = None) -> tuple[str, list[str], list[str]]:
    """Comments, declared names and called names inside ``[start, end)``: one query
    walk in C finds the nodes (a Python walk over a 40,000-line table was seconds), or
    they are taken from the ``region`` holding the span."""
    if root is None:
        return "", [], []
    declaring = spec.declaring
    found = region.starting_in(start, end) if region is not None else \
        identifier_nodes(grammar, spec, root, start, end)
    comments = [_text(n) for n in sorted(found.get("comment", ()), key=lambda n: n.start_byte)
                if n.start_byte >= start and n.end_byte <= end]
    declared = _names(found.get("decl", ()), start, lambda n, n_type: (
        n.child_by_field_name(declaring[n_type]) if declaring[n_type]
        else (n.named_children[0] if n.named_children else None)), enough)
    called = _names(found.get("call", ()), start, lambda n, _n_type: (
        n.child_by_field_name("function") or n.child_by_field_name("macro")
        or n.child_by_field_name("name") or (n.named_children[0] if n.named_children else None)), enough)
    return comment_text("\n".join(comments)), declared, called


_PLACE = itemgetter(0, 1, 2, 3, 4)  # a name's place: its span, then its node's span and type


def _names(nodes, start: int, target, enough: int) -> list[str]:
    """Distinct names in reading order of the names themselves. Nested calls start at
    the same byte (``Path(p).read_text().strip()`` is three calls at one offset), and
    the query cursor hands such nodes over in no fixed order: ordering by the node's
    start alone made embed texts differ between two runs over the same bytes."""
    out: list[str] = []
    seen: set[str] = set()
    placed = []
    for n in nodes:
        n_start = n.start_byte  # each field read once: every read is a call into tree-sitter
        if n_start < start:
            continue
        n_type = n.type
        t = target(n, n_type)
        at = t if t is not None else n
        placed.append((at.end_byte, at.start_byte, n_start, n.end_byte, n_type, t))
    placed.sort(key=_PLACE)
    for place in placed:
        t = place[5]
        name = _last_identifier(t) if t is not None else None
        if name and name not in seen:
            seen.add(name)
            out.append(name)
            if len(out) >= enough:
                break
    return out


def _last_identifier(node: Node) -> str | None:
    text = _text(node)
    if len(text) > 200:
        return None
    m = _LAST_IDENT.search(text)
    return m.group(0) if m else None
