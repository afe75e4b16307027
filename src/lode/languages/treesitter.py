"""The one module that imports tree_sitter: grammars, parsing with a deadline, queries.

Everything else receives parsed trees and nodes from here and treats them as plain
objects (``type``, ``start_byte``, ``children``, …), so a tree-sitter upgrade touches
this file only.
"""

from __future__ import annotations

import re
import threading
import warnings
from functools import cached_property
from typing import Any, Callable

import tree_sitter

from .spec import LanguageSpec

Node = Any  # tree_sitter.Node, kept opaque for the rest of the package
Tree = Any
_ERROR_ID = 0xFFFF  # an ERROR node's kind_id (tree-sitter's builtin error symbol)



# The upstream tags queries capture the comments above a definition: a pattern opens with
# `(comment)* @doc .` (or `?`, or an alternation of comment kinds) and holds predicates on
# @doc. The chunker reads a definition's doc itself (_grow_doc) and never the @doc
# capture, and every comment began a partial match: the definitions walk without them
# took 0.45 -> 0.24 CPU s on Go's tree, 0.22 -> 0.19 on TypeScript's files, the same
# definitions found. A quantified capture that matches nothing imposes nothing on the
# definition after it, so taking it out keeps each pattern's matches and its index.
_STRING = r'"(?:[^"\\]|\\.)*"'
_DOC_PREFIX = re.compile(r"\(\s*(?:\[[^\]]*\]|\(\w+\))[*?]\s*@doc\s*\.\s*")
_DOC_PREDICATE = re.compile(rf"\(#[\w-]+[!?](?:[^()\"]|{_STRING})*@doc\b(?:[^()\"]|{_STRING})*\)")


def _without_docs(source: str) -> str:
    """``source`` less its patterns' leading doc-comment captures and the predicates on
    them; ``source`` itself when some other @doc capture would be left."""
    stripped = _DOC_PREDICATE.sub("", _DOC_PREFIX.sub("(", source))
    return source if "@doc" in stripped else stripped


class QueryRefused(Exception):
    """lode's tags query does not compile against the installed grammar (a wheel
    upgrade renamed a node type): the language is unusable until the query is fixed."""


class Definition:
    """One ``@definition.<kind>`` capture: the node, its kind and its name node, and the
    node's type (read here anyway: each read of ``node.type`` makes a new string)."""

    __slots__ = ("kind", "node", "name", "pattern", "type")

    def __init__(self, kind: str, node: Node, name: Node | None, pattern: int, type: str):
        self.kind, self.node, self.name, self.pattern, self.type = kind, node, name, pattern, type


class Grammar:
    """A language's compiled grammar and queries, shared by the threads of a process."""

    def __init__(self, spec: LanguageSpec):
        self.spec = spec
        with warnings.catch_warnings():
            # some wheels (tree-sitter-perl 2.0) still hand over a pointer as an int, which
            # py-tree-sitter accepts with a DeprecationWarning; when it stops accepting it,
            # the grammar fails to load and its files are read as text
            warnings.simplefilter("ignore", DeprecationWarning)
            self.language = tree_sitter.Language(spec.grammar())
        self._local = threading.local()
        self._kind_queries: dict[tuple, tree_sitter.Query] = {}
        self._definition_kinds: dict[str, str | None] = {}  # capture → kind (definition.<kind>), or None
        self._kind_id_sets: dict[str, frozenset[int]] = {}  # kind_ids' sets, by label
        self._field_ids: dict[str, int] = {}  # field name → id (field_id)

    def kind_ids(self, label: str, test: Callable[[str], bool]) -> frozenset[int]:
        """The ids of every node kind whose name passes ``test`` (``label`` names the test,
        to make the set once per grammar). A node's ``kind_id`` is an int, where each read
        of its ``type`` makes a new string: a kind tested often is cheaper tested by id."""
        found = self._kind_id_sets.get(label)
        if found is None:
            language = self.language
            ids = {i for i in range(language.node_kind_count) if test(language.node_kind_for_id(i) or "")}
            if test("ERROR"):  # the error node's id lies outside the grammar's kinds
                ids.add(_ERROR_ID)
            found = self._kind_id_sets[label] = frozenset(ids)
        return found

    def field_id(self, name: str) -> int:
        """The grammar's id of the field ``name``, 0 when it has none: ``child_by_field_id``
        is ``child_by_field_name`` without looking the name up among the grammar's fields
        on every call (a field the grammar lacks has no child, as by name)."""
        found = self._field_ids.get(name)
        if found is None:
            found = self._field_ids[name] = self.language.field_id_for_name(name) or 0
        return found

    @property
    def _parser(self) -> tree_sitter.Parser:
        parser = getattr(self._local, "parser", None)
        if parser is None:
            parser = self._local.parser = tree_sitter.Parser(self.language)
        return parser

    def parse(self, data: bytes) -> Tree | None:
        """Parse ``data``. The bytes form is used on purpose: a tree parsed from a read
        callback re-reads through the callback on every ``Node.text`` (measured: most
        of the chunker's time), and py-tree-sitter ignores progress callbacks for
        bytes. Input size is bounded upstream (16 MiB) and the registered grammars
        parse in linear time, so no deadline is needed here."""
        if self._unparsed is not None and self._unparsed.search(data):
            return self.parse_ranges(data, [(0, len(data), (0, 0), _advance(data, 0, (0, 0), len(data)))])
        tree = self._parser.parse(data)
        if tree is None:
            self._parser.reset()
        return tree

    def parse_range(self, data: bytes, start: int, end: int, start_point: tuple[int, int],
                    end_point: tuple[int, int]) -> Tree | None:
        """Parse only ``data[start:end]`` (node offsets stay those of ``data``): used to
        recover definitions that follow a syntax error the full parse could not close."""
        return self.parse_ranges(data, [(start, end, start_point, end_point)])

    def parse_ranges(self, data: bytes, ranges: list[tuple[int, int, tuple[int, int], tuple[int, int]]]
                     ) -> Tree | None:
        """Parse only the given ascending, disjoint ``(start, end, start_point,
        end_point)`` stretches of ``data``, as if they were one text: recovery parses a
        piece together with the line opening its enclosing block (Objective-C's
        ``@implementation``), so the piece is read in its context."""
        ranges = self._without_unparsed(data, ranges)
        if not ranges:
            return None  # nothing the grammar can read
        parser = self._parser
        parser.included_ranges = [tree_sitter.Range(sp, ep, s, e) for s, e, sp, ep in ranges]
        try:
            tree = parser.parse(data)
            if tree is None:
                parser.reset()
            return tree
        finally:
            parser.included_ranges = [tree_sitter.Range((0, 0), (0xFFFFFFFF, 0xFFFFFFFF), 0, 0xFFFFFFFF)]

    @cached_property
    def _unparsed(self) -> re.Pattern[bytes] | None:
        return re.compile(self.spec.unparsed, re.M) if self.spec.unparsed else None

    def _without_unparsed(self, data: bytes, ranges: list[tuple[int, int, tuple[int, int], tuple[int, int]]]
                          ) -> list[tuple[int, int, tuple[int, int], tuple[int, int]]]:
        """``ranges`` less the stretches of the spec's ``unparsed`` text inside them."""
        pattern = self._unparsed
        if pattern is None:
            return ranges
        out = []
        for start, end, start_point, end_point in ranges:
            cursor, cursor_point = start, start_point
            for m in pattern.finditer(data, start, end):
                if m.end() == m.start():
                    continue
                if m.start() > cursor:
                    out.append((cursor, m.start(), cursor_point, _advance(data, cursor, cursor_point, m.start())))
                cursor_point = _advance(data, cursor, cursor_point, m.end())
                cursor = m.end()
            if end > cursor:
                out.append((cursor, end, cursor_point, end_point))
        return out

    @cached_property
    def tags_source(self) -> str:
        return "\n".join(q() for q in self.spec.queries)

    @cached_property
    def tags(self) -> tree_sitter.Query:
        """Every pattern of the language's tags queries (definitions and references)."""
        return tree_sitter.Query(self.language, self.tags_source)

    @cached_property
    def definitions_query(self) -> tree_sitter.Query:
        """The tags queries with only the ``@definition.*`` patterns enabled, less their
        doc-comment captures (_without_docs)."""
        source = _without_docs(self.tags_source)
        try:
            query = tree_sitter.Query(self.language, source)
        except Exception as exc:  # tree_sitter.QueryError: a node type the grammar lacks
            raise QueryRefused(f"{self.spec.name} tags query: {exc}") from exc
        for i in range(query.pattern_count):
            text = source.encode()[query.start_byte_for_pattern(i) : query.end_byte_for_pattern(i)]
            if b"@definition." not in text:
                query.disable_pattern(i)
        return query

    def definitions(self, root: Node, keys: set[tuple[int, int, str]] | None = None) -> list[Definition]:
        """Definition captures in byte order; a node captured by several patterns keeps
        the first pattern's kind (so Rust's `method` wins over `function`). ``keys``, when
        given, receives each definition node's (start byte, end byte, type), read here
        anyway."""
        # (pattern, kind, node, name) per node: a Definition is made for the winners only,
        # and they are ordered by the spans already read
        best: dict[tuple[int, int, str], tuple[int, str, Node, Node | None]] = {}
        kinds = self._definition_kinds
        cursor = tree_sitter.QueryCursor(self.definitions_query)
        cursor.set_max_start_depth(self.spec.max_depth)
        for pattern, captures in cursor.matches(root):
            names = captures.get("name")
            for capture, nodes in captures.items():
                kind = kinds.get(capture, False)
                if kind is False:
                    kind = kinds[capture] = capture.split(".", 1)[1] if capture.startswith("definition.") else None
                if kind is None:
                    continue
                for node in nodes:
                    key = (node.start_byte, node.end_byte, node.type)
                    old = best.get(key)
                    if old is None or pattern < old[0]:
                        best[key] = (pattern, kind, node, names[0] if names else None)
        ordered = sorted(best.items(), key=lambda item: (item[0][0], -item[0][1]))
        if keys is not None:
            keys.update(best)
        return [Definition(kind, node, name, pattern, key[2]) for key, (pattern, kind, node, name) in ordered]

    def node_captures(self, kinds: dict[str, str] | tuple[tuple[str, str], ...], root: Node, start: int,
                      end: int) -> dict[str, list[Node]]:
        """Nodes of the given kinds (kind → capture name, or those pairs sorted, as a
        caller asking often keeps them) inside ``[start, end)``, found by one query walk
        in C. Kinds this grammar does not have are left out."""
        key = kinds if isinstance(kinds, tuple) else tuple(sorted(kinds.items()))
        query = self._kind_queries.get(key)
        if query is None:
            patterns = [f"({kind}) @{cap}" for kind, cap in key
                        if self.language.id_for_node_kind(kind, True)]
            query = self._kind_queries[key] = tree_sitter.Query(self.language, "\n".join(patterns) or "(ERROR) @_")
        cursor = tree_sitter.QueryCursor(query)
        cursor.set_byte_range(start, end)
        return cursor.captures(root)

    def query(self, source: str) -> tree_sitter.Query:
        """Compile a user's query; raises ValueError with tree-sitter's message."""
        try:
            return tree_sitter.Query(self.language, source)
        except Exception as exc:  # tree_sitter.QueryError and friends
            raise ValueError(str(exc)) from exc

    @staticmethod
    def captures(query: tree_sitter.Query, root: Node) -> dict[str, list[Node]]:
        return tree_sitter.QueryCursor(query).captures(root)

    @staticmethod
    def matches(query: tree_sitter.Query, root: Node) -> list[tuple[int, dict[str, list[Node]]]]:
        return tree_sitter.QueryCursor(query).matches(root)


_grammars: dict[str, Grammar] = {}
_lock = threading.Lock()


def _advance(data: bytes, offset: int, point: tuple[int, int], target: int) -> tuple[int, int]:
    """The (row, byte column) of ``target``, given that of an earlier ``offset``."""
    rows = data.count(b"\n", offset, target)
    if not rows:
        return point[0], point[1] + target - offset
    return point[0] + rows, target - data.rfind(b"\n", offset, target) - 1


def grammar_for(spec: LanguageSpec) -> Grammar:
    g = _grammars.get(spec.name)  # one made already is found without the lock (a dict read is atomic)
    if g is not None:
        return g
    with _lock:
        g = _grammars.get(spec.name)
        if g is None:
            g = _grammars[spec.name] = Grammar(spec)
        return g
