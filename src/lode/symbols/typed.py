"""What the tree says about the type of a value, within one file.

References of members (``s.Close()``) name a type only when the receiver's type is
known. The tree tells it in a few places, which a language's ``symbols.scm`` captures:

``@var.name`` + ``@var.type``
    a parameter, receiver or variable declared with a type (``s *Server``,
    ``app: Flask``, ``db: Database``) or built from one (``&Server{}``, ``new Foo()``);
    it holds in the nearest enclosing scope node (``SymbolRules.scope_nodes``).
``@var.name`` + ``@var.call``
    a variable holding a call's result (``app = Flask(…)``): the callee's return type
    when this file states it, else the callee itself when it is a class
    (``SymbolRules.is_class_name``).
``@field.name`` + ``@field.type`` / ``@field.call``
    a field of the nearest enclosing type (``db *DB`` in a struct, ``self.db = DB()``).
``@var.name`` / ``@field.name`` + ``@var.value`` / ``@field.value``
    a variable or field given a value whose type the table knows (``self.app = app``
    with a parameter ``app: Flask``, ``m := mx``), read once the rest is typed.
``@ret.owner`` + ``@ret.type``
    a function or method's declared result (``func (c *Ctx) Req() *Request``).

A variable is a node of ``SymbolRules.variable_nodes`` (an ``identifier``; PHP's
``$x`` a ``variable_name``, read with its ``$``), and a member expression's member is
its first ``SymbolRules.member_fields`` child. ``self``/``this``/``$this``
(``SymbolRules.self_names``) stand for the enclosing type. Anything
else — an untyped parameter, a generic, an expression the table does not know — has
no type, and its members are not references: no answer rather than a wrong one.
"""

from __future__ import annotations

from bisect import bisect_right

from .context import FileContext, field_ids, key, kind_ids
from .records import RETURNS

_OBJECT_FIELDS = ("operand", "object", "value")
MAX_DEPTH = 6
_UNSET = object()
_NO_PARTS = (None, None)  # a callee's (object, member) when it has neither
# node types type_of reads as the enclosing type or its base, whatever the rules say
_SELF_WORDS = frozenset({"this", "self", "super"})
# The bytes _asked_words splits texts into words at: all but letters, digits, `_`, `$`,
# `#`, `@` and the bytes of non-ASCII characters (a table for bytes.translate).
_WORD_BYTES = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$#@") | set(range(128, 256))
_SEPARATE = bytes(c if c in _WORD_BYTES else 32 for c in range(256))
_ASKED_FROM = frozenset({"var.value", "field.value", "var.call", "field.call"})


class TypeTable:
    """Variable, field and return types of one file, and the type of an expression."""

    def __init__(self, ctx: FileContext, resolver, by_node: dict, scopes: list | None = None,
                 asked: tuple | None = None):
        self.ctx, self.resolver, self.by_node = ctx, resolver, by_node
        # (the texts of the file's member expression bases, the typed matches): the
        # names type_of may be asked about (see _asked_words); None: every name
        self._asked = asked
        self._words: set[bytes] | None = None
        self._generics = bool(ctx.type_params)  # does the file declare type parameters?
        # The file's scope nodes (every node of a scope type, from the symbol query) as
        # spans sorted by start, outer first, each with the index of the one enclosing
        # it (-1: none). None: not given, scopes are found by walking up the tree.
        self._scope_spans: list[tuple[int, int]] | None = None
        self._scope_starts: list[int] = []
        self._scope_up: list[int] = []
        if scopes is not None:
            spans = sorted(((n.start_byte, n.end_byte) for n in scopes), key=lambda sp: (sp[0], -sp[1]))
            stack: list[int] = []
            for i, (start, _end) in enumerate(spans):
                while stack and spans[stack[-1]][1] <= start:
                    stack.pop()
                self._scope_up.append(stack[-1] if stack else -1)
                stack.append(i)
            self._scope_spans, self._scope_starts = spans, [sp[0] for sp in spans]
        self.vars: dict[tuple[int, int], dict[str, str]] = {}
        self.fields: dict[tuple[str, str], str] = {}
        self.returns: dict[str, str] = {}
        self._calls: list[tuple[dict, str, object]] = []
        self._values: list[tuple[dict, str, object]] = []  # `x = other`, `self.app = app`
        self.var_names: set[str] = set()  # every typed name, any scope: most lookups end here
        # module-table names that are a signature's parameters (SymbolRules.signature_parameters)
        self._signature_names: set[str] = set()
        # the names type_of may find a type for (set by finish): the typed names and
        # the words for the enclosing type and its base; any other plain name has none
        self.maybe_typed: frozenset[str] = frozenset()
        self._spans: dict[str, tuple[list[int], list[tuple[int, int, str]]]] = {}
        self._resolved_names: dict[tuple[str | int, bytes], str | None] = {}  # see _resolved
        self._type_names: dict[tuple[int, bytes], str | None] = {}  # see type_name
        self._type_spans: tuple | None = None  # see enclosing_type
        # the fields read here, as the grammar's ids (context.field_ids)
        spec = ctx.spec
        self._object_ids = field_ids(spec, _OBJECT_FIELDS)
        self._member_ids = field_ids(spec, ctx.rules.member_fields)
        self._inner_ids = field_ids(spec, ("type", "operand"))
        self._function_ids = field_ids(spec, ("function",))
        kinds = _type_of_kinds.get(spec.name)
        if kinds is None:
            kinds = _type_of_kinds[spec.name] = _kinds_type_of_tests(spec, ctx.rules)
        self._variable_kinds, self._self_kinds, self._super_kinds, self._call_kinds, \
            self._see_through_kinds, self._call_node_kinds, self._type_name_kinds = kinds

    # ---- building -----------------------------------------------------------------

    def add(self, caps: dict) -> None:
        ctx = self.ctx
        if "ret.owner" in caps:
            owner = self.by_node.get(key(caps["ret.owner"][0]))
            t = self.type_name(caps["ret.type"][0])
            if owner is not None and owner.qname and t:
                self.returns[owner.qname] = t
                # stored, so that `x := New(); x.Run()` elsewhere finds `Server.Run`
                ctx.relate(owner.qname, t, RETURNS, caps["ret.type"][0])
            return
        if "var.name" in caps:
            name_node = caps["var.name"][0]
            at, end = name_node.start_byte, name_node.end_byte  # read once, for both below
            raw = ctx.data[at:end]
            words = self._words if self._words is not None else self._asked_words()
            if words is not None and raw not in words and raw and raw.translate(_SEPARATE) == raw:
                return  # a name no look-up asks for (see _asked_words)
            scope = self._scope(name_node, at, end)
            slot = raw.decode("utf-8", "replace")
            member = self.by_node.get((at, end)) if scope == (-1, -1) else None
            if member is not None and member.scope is not None and member.qname \
                    and member.scope.detail in ctx.rules.types:
                # a variable no function holds that the file defines as a class's member
                # (Python's `client = Client()` in a class body, or in an `if` or `try`
                # of it): that class's field, not a variable of the module
                table, slot = self.fields, (member.scope.qname, slot)
            else:
                table = self.vars.get(scope)
                if table is None:
                    table = self.vars[scope] = {}
                self.var_names.add(slot)
                if scope == (-1, -1) and ctx.rules.signature_parameters \
                        and name_node.parent.type in ctx.rules.signature_parameters:
                    self._signature_names.add(slot)
        elif "field.name" in caps:
            name_node = caps["field.name"][0]
            raw = ctx.data[name_node.start_byte:name_node.end_byte]
            words = self._words if self._words is not None else self._asked_words()
            if words is not None and raw not in words and raw and raw.translate(_SEPARATE) == raw:
                return  # a name no look-up asks for (see _asked_words)
            owner = self.enclosing_type(name_node)
            if owner is None:
                return
            table, slot = self.fields, (owner, raw.decode("utf-8", "replace"))
        else:
            return
        if "var.type" in caps or "field.type" in caps:
            t = self.type_name((caps.get("var.type") or caps["field.type"])[0])
            if t:
                _typed(table, slot, t)
            elif "var.name" in caps and scope != (-1, -1):
                # a type read as no type here (a C++ template parameter `const T& s`): the
                # name is still this scope's, and hides an outer `s` of a known type
                table.setdefault(slot, None)
        else:
            call = (caps.get("var.call") or caps.get("field.call") or [None])[0]
            if call is not None:
                self._calls.append((table, slot, call))
            else:
                value = (caps.get("var.value") or caps.get("field.value") or [None])[0]
                if value is not None:
                    self._values.append((table, slot, value))

    def _asked_words(self) -> set[bytes] | None:
        """The words of the texts a look-up may read (module _asked_words), made on
        first use; None when not given (every name kept). A variable or field whose
        name (one word) is not among them is left out, with its type's reading: most of
        a file's parameters, fields and locals are never the base of a member expression."""
        if self._asked is None:
            return None
        self._words = _asked_words(self.ctx.data, *self._asked)
        return self._words

    def finish(self) -> None:
        """Call results are typed once every return type of the file is known; then
        each name's scopes are sorted by start, for lookups by position."""
        # each callee's object and member are found once (up to six field look-ups in
        # tree-sitter), not in each of the three rounds that may ask
        objects, members = self._object_ids, self._member_ids
        pending = [(table, slot, callee, _NO_PARTS if callee.child_count == 0  # a bare name: no fields to ask
                    else (_child(callee, objects), _child(callee, members)))
                   for table, slot, callee in self._calls]
        values = self._values
        changed = True  # since the spans were last indexed
        for _round in range(2):  # `a := f(); b := a.g()`: b needs a's type first
            self._index_spans()
            left = []
            changed = False
            for item in pending:
                t = self.call_type(item[2], parts=item[3])
                if t:
                    changed = _typed(item[0], item[1], t) or changed
                else:
                    left.append(item)
            pending = left
            if values:  # a value's type, as the table knows it so far (`self.app = app`)
                unknown = []
                for item in values:
                    t = self.type_of(item[2])
                    if t:
                        changed = _typed(item[0], item[1], t) or changed
                    else:
                        unknown.append(item)
                values = unknown
            if not changed:
                break  # nothing new is known: a second round would answer as this one did
        for table, slot, callee, parts in pending:  # results another file states
            t = self.call_type(callee, defer=True, parts=parts)
            if t:
                changed = _typed(table, slot, t) or changed
        if changed:  # else the spans indexed last are the table's (most files call nothing typed)
            self._index_spans()
        rules = self.ctx.rules
        self.maybe_typed = frozenset(self.var_names | rules.self_names | rules.super_names | _SELF_WORDS)

    def _index_spans(self) -> None:
        by_name: dict[str, list[tuple[int, int, str]]] = {}
        for (start, end), names in self.vars.items():
            if start < 0:
                continue  # the module's: the fallback
            for name, t in names.items():
                by_name.setdefault(name, []).append((start, end, t))
        for spans in by_name.values():
            spans.sort()
        self._spans = {name: ([sp[0] for sp in spans], spans) for name, spans in by_name.items()}

    def _bound_within(self, name: str, at: int, span: tuple) -> bool:
        """Whether a function nested in ``span`` (the scope where ``name`` has its type)
        binds ``name`` again around byte ``at``: an untyped parameter or a local of its
        own (`def inner(client)` inside a function whose `client = Client()`), which the
        language's rules scope as a type parameter (``ctx.type_params``). The outer
        function's own local of that name lies in no nested function."""
        raw = name.encode()
        found = self.ctx.type_params.get(raw)
        if not found or self._scope_spans is None:
            return False
        outer = (span[0], span[1])
        starts, reach, ordered = self.ctx._span_index(raw, found)
        i = bisect_right(starts, at) - 1
        while i >= 0 and reach[i] > at:  # the spans holding `at`, walking back by start
            s, e, _detail = ordered[i]
            if s <= outer[0]:
                return False  # this one, and every earlier one, starts outside the typed scope
            if at < e and self._scope_around(s, e) != outer:
                return True
            i -= 1
        return False

    def _scope_around(self, start: int, end: int) -> tuple[int, int]:
        """The span of the innermost scope node holding all of ``start``–``end`` (scope
        spans given): a body's first statement may be a function starting where it does."""
        spans, up = self._scope_spans, self._scope_up
        i = bisect_right(self._scope_starts, start) - 1
        while i >= 0:
            if end <= spans[i][1]:
                return spans[i]
            i = up[i]
        return (-1, -1)

    def _scope(self, node, at: int, end: int) -> tuple[int, int]:
        """The span of the scope node nearest around ``node`` (which spans ``at``–``end``)."""
        if self._scope_spans is not None and at < end and node.child_count == 0:
            # A leaf's enclosing scopes are exactly the scope spans holding its first
            # byte; the innermost is the last one starting at or before it, or one
            # enclosing that.
            spans, up = self._scope_spans, self._scope_up
            i = bisect_right(self._scope_starts, at) - 1
            while i >= 0:
                if at < spans[i][1]:
                    return spans[i]
                i = up[i]
            return (-1, -1)
        scopes = self.ctx.rules.scope_nodes
        p = node.parent
        while p is not None:
            if p.type in scopes:
                return key(p)
            p = p.parent
        return (-1, -1)  # the module

    # ---- reading ------------------------------------------------------------------

    def type_name(self, node) -> str | None:
        """The qualified name of a type expression, when imports or this file say it.
        Read once per kind and text in a file without generics (where no position
        changes the answer): parameters and fields repeat the same few types."""
        if self._generics:
            return self._type_name(node)
        start = node.start_byte
        # by kind id, not type: ids of one type all read the same, and an id is read
        # without making a string
        memo_key = (node.kind_id, self.ctx.data[start:node.end_byte])
        got = self._type_names.get(memo_key, _UNSET)
        if got is _UNSET:
            got = self._type_names[memo_key] = self._type_name(node)
        return got

    def _type_name(self, node) -> str | None:
        rules = self.ctx.rules
        for _ in range(MAX_DEPTH):
            if node is None:
                break
            node_type = node.type  # read once: each read is a call into tree-sitter
            if node_type in rules.type_names:
                if self._generics and self._type_parameter(node):
                    return None
                return self._resolved(node, node_type)
            if node_type == "string":  # a forward reference, `other: "Flask"`
                node = next((c for c in node.named_children if c.type == "string_content"), None)
                break
            if node_type in ("union_type", "binary_operator"):  # `T | undefined`, `T | None`
                members = [c for c in node.named_children if self.ctx.text(c) not in rules.no_type]
                node = members[0] if len(members) == 1 else None
                continue
            if node_type == "generic_type" and node.named_child_count > 1 and \
                    self.ctx.text(node.named_children[0]) in rules.optional_types:  # Optional[T]
                param = node.named_children[1]
                node = param.named_children[0] if param.named_child_count else None
                continue
            if node_type not in rules.type_wrappers:
                return None
            inner = _child(node, self._inner_ids)
            node = inner if inner is not None else (node.named_child(0) if node.named_child_count else None)
        if node is None or (self._generics and self._type_parameter(node)):
            return None
        return self.resolver.type_name(self.ctx, node)

    def _type_parameter(self, node) -> bool:
        """Whether a type expression names a type parameter of a generic around it
        (``T value`` in ``class Box<T>``): no type the index could name."""
        ctx = self.ctx
        head = ctx.data[node.start_byte:node.end_byte].split(b".", 1)[0].split(b"<", 1)[0].split(b"[", 1)[0]
        return ctx.type_parameter(head.strip(), node.start_byte)

    def call_type(self, callee, defer: bool = False, parts: tuple | None = None) -> str | None:
        """The type a call of ``callee`` returns: a method's declared result, a
        function's, or the class itself when a class is called. ``defer``: when this
        file does not say, the callee's name plus ``()`` (``server.New()``) — members
        of it are references the index resolves through the ``returns`` relations
        other files state. ``parts``: the callee's (object, member) when known."""
        obj, member = parts if parts is not None else (_child(callee, self._object_ids),
                                                       _child(callee, self._member_ids))
        if obj is not None and member is not None:
            owner = self.type_of(obj)
            if owner:
                name = f"{owner}.{self.ctx.text(member)}"
                return self.returns.get(name) or (f"{name}()" if defer and not owner.endswith(")") else None)
            if self._generics and self.ctx.type_parameter(self.ctx.data[obj.start_byte:obj.end_byte],
                                                          obj.start_byte, obj):
                return None  # a method of a parameter or local of no known type, not of the module's name
        callee_kind = callee.kind_id
        if callee_kind not in self._type_name_kinds or \
                (self._generics and self.ctx.type_parameter(self.ctx.data[callee.start_byte:callee.end_byte],
                                                            callee.start_byte, callee)):
            return None  # not a name, or a generic's type parameter (Go's `T(x)`)
        name = self._resolved(callee, callee_kind)
        if not name:
            return None
        if name in self.returns:
            return self.returns[name]
        if self.ctx.rules.is_class_name(name.rsplit(".", 1)[-1]):
            return name
        return f"{name}()" if defer else None

    def _resolved(self, node, kind: str | int) -> str | None:
        """The resolver's type_name of a type-name node, once per kind (its type, or its
        kind id where the caller read that) and text in a file: it reads only the node's
        text and the file's imports and definitions, all known by now (a file names the
        same few types hundreds of times)."""
        memo_key = (kind, self.ctx.data[node.start_byte:node.end_byte])
        got = self._resolved_names.get(memo_key, _UNSET)
        if got is _UNSET:
            got = self._resolved_names[memo_key] = self.resolver.type_name(self.ctx, node)
        return got

    def base_of(self, owner: str | None) -> str | None:
        """The one class ``owner`` extends, as this file states it (``super``)."""
        bases = [r.base for r in self.ctx.relations if r.sub == owner and r.kind == "extends"]
        return bases[0] if len(bases) == 1 else None

    def enclosing_type(self, node) -> str | None:
        """The qualified name of the innermost type definition around ``node``."""
        start, end = node.start_byte, node.end_byte
        if start < end:
            # The definitions around a node are those whose span holds its span: found by
            # position, not by asking tree-sitter for each parent in turn (a parent is
            # found by walking down from the root). A zero-width node (a missing one)
            # may touch a span it lies outside of: its parents are walked.
            index = self._type_spans
            if index is None:
                index = self._type_spans = self._index_types()
            starts, spans, up = index
            i = bisect_right(starts, start) - 1
            while i >= 0:
                span = spans[i]
                if end <= span[1]:
                    return span[2]
                i = up[i]
            return None
        types = self.ctx.rules.types
        p = node.parent
        while p is not None:
            d = self.by_node.get(key(p))
            if d is not None and d.qname and d.detail in types and key(d.node) == key(p):
                return d.qname
            p = p.parent
        return None

    def _index_types(self) -> tuple[list[int], list[tuple[int, int, str]], list[int]]:
        """The spans of the file's named type definitions, as enclosing_type's walk up
        the parents finds them (a span whose entry in ``by_node`` is that type's own
        node), sorted by start, outer first: their starts, (start, end, qualified name)
        and the index of the one around each (-1: none)."""
        types = self.ctx.rules.types
        by_node = self.by_node
        spans, up, stack = [], [], []
        last = None
        for k in self.ctx.type_spans:  # sorted by start, the longer first
            if k == last:
                continue
            last = k
            d = by_node.get(k)
            if d is None or not d.qname or d.detail not in types or key(d.node) != k:
                continue
            start, end = k
            while stack and spans[stack[-1]][1] <= start:
                stack.pop()
            up.append(stack[-1] if stack else -1)
            stack.append(len(spans))
            spans.append((start, end, d.qname))
        return [sp[0] for sp in spans], spans, up

    def type_of(self, node, depth: int = 0, text: str | None = None, start: int | None = None) -> str | None:
        """The type of an expression: a typed name, ``self``, a field of a typed
        value, a call of a method whose result type is known. ``text``, ``start``: the
        node's text and start byte, when the caller has them already."""
        if node is None or depth > MAX_DEPTH:
            return None
        ctx = self.ctx
        kind = node.kind_id  # read once: each read is a call into tree-sitter
        if kind in self._variable_kinds:
            name = text if text is not None else ctx.text(node)
            if name in ctx.rules.self_names:
                return self.enclosing_type(node)
            if name not in self.var_names:
                return self.base_of(self.enclosing_type(node)) if name in ctx.rules.super_names else None
            at = start if start is not None else node.start_byte
            found = self._spans.get(name)
            if found is not None:
                # the innermost scope holding the name: the last one starting before the
                # use that also ends after it (nested scopes start later)
                starts, spans = found
                i = bisect_right(starts, at) - 1
                while i >= 0:
                    span = spans[i]
                    if at < span[1]:
                        t = span[2]
                        if t and ctx.type_params and self._bound_within(name, at, span):
                            return None
                        return t
                    i -= 1
            t = self.vars.get((-1, -1), {}).get(name)
            if t and ctx.type_params and name not in self._signature_names \
                    and ctx.type_parameter(name.encode(), at, node):
                return None  # a parameter or local that hides the module's variable
            return t
        if kind in self._self_kinds:
            return self.enclosing_type(node)
        if kind in self._super_kinds or (kind in self._call_kinds and _child(node, self._function_ids) is not None
                                         and ctx.text(_child(node, self._function_ids)) == "super"):
            return self.base_of(self.enclosing_type(node))
        if kind in self._see_through_kinds:
            return self.type_of(node.named_children[0] if node.named_child_count else None, depth + 1)
        if kind in self._call_node_kinds:
            fn = _child(node, self._function_ids)
            if fn is None:
                return None
            return self.call_type(fn, defer=True)
        obj = _child(node, self._object_ids)
        member = _child(node, self._member_ids)
        if obj is not None and member is not None:
            owner = self.type_of(obj, depth + 1)
            if owner:
                return self.fields.get((owner, ctx.text(member)))
        return None


_type_of_kinds: dict[str, tuple[frozenset[int], ...]] = {}  # a language's _kinds_type_of_tests


def _kinds_type_of_tests(spec, rules) -> tuple[frozenset[int], ...]:
    """The node types type_of tests, as the grammar's ids (context.kind_ids: a node's
    kind_id is read without making a string): variables, `this`/`self`, `super`, a
    call that may be `super()`, the nodes it sees through, calls, and (call_type's)
    type names."""
    return (kind_ids(spec, rules.variable_nodes), kind_ids(spec, ("this", "self")), kind_ids(spec, ("super",)),
            kind_ids(spec, ("call",)), kind_ids(spec, rules.see_through), kind_ids(spec, rules.call_nodes),
            kind_ids(spec, rules.type_names))


def _asked_words(data: bytes, bases: set[bytes], typed: list) -> set[bytes]:
    """The words of every text type_of may read: the bases of member expressions (the
    only nodes extraction asks it about) and the values and callees of the typed
    matches (finish asks about those). type_of, and call_type under it, read only nodes
    inside the node asked about, and each look-up of a variable or a field is by the
    text of such a node: a name (a whole word, as nothing but a separator stands next to
    a name) none of these texts holds as a word is never looked up, and a variable or
    field of that name changes no answer. Only the look-ups of the names some text
    holds read each other's types (`a := f(); b := a.g()`)."""
    texts = list(bases)
    for caps in typed:
        for cap, nodes in caps.items():  # a name and a type, call or value: two, mostly
            if cap in _ASKED_FROM:
                node = nodes[0]
                texts.append(data[node.start_byte:node.end_byte])
    return set(b" ".join(texts).translate(_SEPARATE).split())


def _typed(table: dict, slot, t: str) -> bool:
    """A name's first known type in its scope is its type (a declaration whose type
    could not be read only hides outer names). Whether the table changed."""
    if table.get(slot) is None:
        table[slot] = t
        return True
    return False


def _child(node, fields: tuple[int, ...]):
    """The child in the first of ``fields`` (ids, context.field_ids) that ``node`` has."""
    for f in fields:
        c = node.child_by_field_id(f)
        if c is not None:
            return c
    return None
