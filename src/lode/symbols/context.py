"""One file's extraction state: what the generic passes (:mod:`.extraction`,
:mod:`.typed`) and the language's resolver share while reading a file's tree.

Its own module so that the resolvers (under ``lode/languages/``) and the passes that
call them need not import each other.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from operator import itemgetter

from ..languages.spec import LanguageSpec
from ..languages.symbolrules import SymbolRules
from ..languages.treesitter import Node, grammar_for
from .layout import Layout
from .records import DEFINITION, REFERENCE, Link, Relation, Symbol

# A name with this many scopes (type parameters, locals) in one file is looked up through
# a sorted index instead of a scan of its spans (FileContext.type_parameter).
SCAN_BELOW = 16


def key(node: Node) -> tuple[int, int]:
    return node.start_byte, node.end_byte


_field_ids: dict[tuple[str, tuple[str, ...]], tuple[int, ...]] = {}


def field_ids(spec: LanguageSpec, names: tuple[str, ...]) -> tuple[int, ...]:
    """The grammar's ids of the fields ``names``, in their order, less those the grammar
    lacks: ``node.child_by_field_id(i)`` for each is ``child_by_field_name`` for each
    name without tree-sitter's search of the name among the grammar's fields (a scan
    of every field name per call; a missing name, the dearest, scans them all)."""
    k = (spec.name, names)
    found = _field_ids.get(k)
    if found is None:
        language = grammar_for(spec).language
        found = _field_ids[k] = tuple(i for i in map(language.field_id_for_name, names) if i)
    return found


def kind_ids(spec: LanguageSpec, names) -> frozenset[int]:
    """The grammar's ids of the node types ``names`` (Grammar.kind_ids: every id whose
    type is one of them, ERROR's too), so that ``node.kind_id in ids`` answers
    ``node.type in names`` without the new string each ``type`` read makes and hashes."""
    names = frozenset(names)
    return grammar_for(spec).kind_ids("types " + " ".join(sorted(names)), names.__contains__)


@dataclass(slots=True)
class Def:
    node: Node
    name: Node | None
    detail: str
    pattern: int
    receiver: Node | None = None
    impl_type: Node | None = None
    qname: str | None = None  # None: local, not indexed
    scope: "Def | None" = None
    name_span: tuple[int, int] | None = None  # key(name), as read when the match was kept


class FileContext:
    """One file's extraction state, shared by the generic passes and the language's
    resolver (``lode/languages/<lang>/resolver.py``)."""

    def __init__(self, path: str, data: bytes, spec: LanguageSpec, rules: SymbolRules, layout: Layout,
                 every: bool = False):
        self.path, self.data, self.spec, self.rules, self.layout = path, data, spec, rules, layout
        self.every = every
        self.types = None  # a typed.TypeTable once definitions are qualified
        self.by_node: dict = {}  # definitions by their node's and their name's span
        # the node spans of the definitions whose detail is a type's when qualified, in
        # order of start (the longer first): where typed.TypeTable looks for enclosing types
        self.type_spans: list[tuple[int, int]] = []
        self.module = ""
        self.aliases: dict[str, str] = {}
        self.local_defs: dict[str, str] = {}  # top-level short name → qualified name
        self.links: list[Link] = []
        self.relations: list[Relation] = []
        self.suppressed: set[tuple[int, int]] = set()  # name nodes that are not definitions
        # start bytes of the names a member set on the instance is defined at (Python's
        # chosen `self.x = …`): a definition there, as a class body's `x = …` is, not a use
        self.member_definitions: set[int] = set()
        self._found: list[tuple[int, int, str, str, int, int, str]] = []
        self._earliest_ref: dict[str, int] = {}  # a referenced name → where ref() first saw it
        self.defs: dict = {}  # every definition found (extraction), by span
        # the nodes of the rules' scope_nodes types (the query's @scope captures), and
        # whether the tree has an error: set once the query is read
        self.scope_nodes: list[Node] = []
        self.broken = False
        self._defined: set[str] | None = None
        # an unqualified name's target (alias, top-level definition or the resolver's
        # guess; None for a builtin), per name's bytes: fixed once imports and
        # definitions are read
        self.name_targets: dict[bytes, str | None] = {}
        # a name used as a value: (its alias or top-level definition, else the resolver's
        # guess when the name is visible across files), per name's bytes
        self.value_targets: dict[bytes, tuple[str | None, str | None]] = {}
        # (an import's target, a member's bytes) → the member's qualified name, None
        # when the member is not visible across packages
        self.alias_members: dict[tuple[str, bytes], str | None] = {}
        # a member expression's base, per its bytes: what it stands for (extraction._base_reading)
        self.base_readings: dict[bytes, list] = {}
        self.extra: dict = {}  # resolver scratch space
        # a generic declaration's type parameter (`class Box<T>`, `func Map[T any]`): its
        # name's bytes -> the spans of the definitions declaring it, with its detail
        # (empty in most files)
        self.type_params: dict[bytes, list[tuple[int, int, str]]] = {}
        self._span_indexes: dict[bytes, tuple] = {}  # see type_parameter

    def text(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def defined(self) -> set[str]:
        """The names this file defines, in any scope (read on first use: one language asks)."""
        if self._defined is None:
            self._defined = {self.text(d.name) for d in self.defs.values() if d.name is not None}
        return self._defined

    def type_parameter(self, raw: bytes, start: int, node: Node | None = None) -> bool:
        """Whether the name ``raw`` at byte ``start`` is a type parameter of a definition
        around it (``T`` inside ``class Box<T>``) rather than a name of the module. With
        ``node`` (the name's node): only where the language lets a type parameter stand
        (``SymbolRules.type_parameter_nodes``; TypeScript's are types, not values)."""
        spans = self.type_params.get(raw)
        if spans is None:
            return False
        where = self.rules.type_parameter_nodes
        if len(spans) < SCAN_BELOW:
            for s, e, detail in spans:
                if s <= start < e:
                    nodes = where.get(detail) if where is not None and node is not None else None
                    if nodes is None or node.type in nodes:
                        return True
            return False
        # many scopes of one name (a parameter `x` in each of thousands of generated
        # functions): a scan per use was quadratic in the file. Spans sorted by start, with
        # the largest end up to each: walk back from the last span starting at or before
        # ``start`` while some span so far still reaches past it.
        starts, reach, ordered = self._span_index(raw, spans)
        i = bisect_right(starts, start) - 1
        while i >= 0 and reach[i] > start:
            s, e, detail = ordered[i]
            if start < e:
                nodes = where.get(detail) if where is not None and node is not None else None
                if nodes is None or node.type in nodes:
                    return True
            i -= 1
        return False

    def _span_index(self, raw: bytes, spans: list):
        """(starts, running largest end, spans) of ``raw``'s spans in start order, kept
        until a span is added."""
        index = self._span_indexes.get(raw)
        if index is None or index[0] != len(spans):
            ordered = sorted(spans)
            reach, top = [], -1
            for _s, e, _d in ordered:
                top = max(top, e)
                reach.append(top)
            index = (len(spans), [sp[0] for sp in ordered], reach, ordered)
            self._span_indexes[raw] = index
        return index[1:]

    def join(self, prefix: str, name: str) -> str:
        return f"{prefix}.{name}" if prefix else name

    def add(self, name: str, kind: str, node: Node | None, detail: str = "", start: int | None = None) -> None:
        """A definition of ``name`` at ``node`` (``start``: its start byte, when the
        caller has read it already)."""
        if node is None:
            self._found.append((-1, len(self._found), name, kind, 1, 1, detail))
        else:
            row, col = node.start_point
            self._found.append((node.start_byte if start is None else start, len(self._found), name, kind,
                                row + 1, col + 1, detail))

    def drop_declarations_of_bodies(self, body: str, declaration: str) -> None:
        """Forget the rows of detail ``declaration`` whose name and kind a row of detail
        ``body`` has too (C's prototype in the file that holds the function: the file
        keeps one row per name and kind, which would be the prototype's line)."""
        found = self._found
        bodies = {(row[2], row[3]) for row in found if row[6] == body}
        if bodies:
            found[:] = [row for row in found if row[6] != declaration or (row[2], row[3]) not in bodies]

    def ref(self, name: str, node: Node, start: int | None = None) -> None:
        """A reference to ``name`` at ``node`` (``start``: its start byte, when the
        caller has read it already)."""
        if not name:
            return
        if start is None:
            start = node.start_byte
        if not self.every:
            # symbols() keeps a name's earliest reference only: a later one, most of a
            # file's hundreds, is not stored at all
            earliest = self._earliest_ref.get(name)
            if earliest is not None and earliest <= start:
                return
            self._earliest_ref[name] = start
        found = self._found  # add(), inlined
        row, col = node.start_point
        found.append((start, len(found), name, REFERENCE, row + 1, col + 1, ""))

    def seen_before(self, name: str, start: int) -> bool:
        """Whether ``ref(name, node)`` at ``start`` would add nothing (an earlier
        reference to ``name`` is kept already): lets a caller skip costly checks."""
        if self.every:
            return False
        earliest = self._earliest_ref.get(name)
        return earliest is not None and earliest <= start

    def define_module(self, name: str) -> None:
        """The file's module itself, as a definition at the top of the file."""
        self.add(name, DEFINITION, None, "module")

    def link_file(self, name: str, target: str) -> None:
        """A re-export link that belongs to the whole file (no node: line 1, column 1)."""
        self.links.append(Link(name, target, 1, 1))

    def link(self, name: str, target: str, node: Node, exported: bool = True) -> None:
        if name and target and name != target:
            self.links.append(Link(name, target, node.start_point[0] + 1, node.start_point[1] + 1,
                                   exported))

    def relate(self, sub: str, base: str, kind: str, node: Node) -> None:
        if sub and base:
            self.relations.append(Relation(sub, base, kind, node.start_point[0] + 1, node.start_point[1] + 1))

    def symbols(self) -> list[Symbol]:
        return [Symbol(*row) for row in self.rows()]

    def rows(self) -> list[tuple[str, str, int, int, str]]:
        """(name, kind, line, column, detail) of each symbol in file order: a name's
        first occurrence of each kind (``every``: each position once). An index
        worker sends these tuples as they are (no Symbol objects made on the way)."""
        seen: set[tuple] = set()
        out = []
        # by start byte; the sort is stable, so ties stay in the order found (as sorting
        # the whole tuples, whose second field is that order, did), comparing ints only
        found = sorted(self._found, key=itemgetter(0))
        if self.every:
            for _b, _i, name, kind, line, col, detail in found:
                if (name, kind, line, col) not in seen:
                    seen.add((name, kind, line, col))
                    out.append((name, kind, line, col, detail))
            return out
        own = self.rules.own_rows
        if own:
            for _b, _i, name, kind, line, col, detail in found:
                k = (name, kind, detail) if detail in own else (name, kind)
                if k not in seen:
                    seen.add(k)
                    out.append((name, kind, line, col, detail))
            return out
        for _b, _i, name, kind, line, col, detail in found:
            k = (name, kind)
            if k not in seen:
                seen.add(k)
                out.append((name, kind, line, col, detail))
        return out
