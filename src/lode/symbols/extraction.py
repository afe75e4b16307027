"""Symbol extraction: one parsed file → :class:`~.records.FileSymbols`.

The language's ``symbols.scm`` runs once over the tree the chunker also uses. Then:

1. imports go to the language's resolver, which records aliases (local name →
   qualified name), re-export links and a reference per imported name;
2. definitions are nested by byte span; a definition's qualified name is the nearest
   enclosing scope's name (or the module's) plus its own; definitions inside a
   function body are local and skipped; a callable whose nearest scope is a type is a
   method (Go methods take their receiver type as scope);
3. relations (bases, implemented traits, interface method sets) and references are
   resolved through the aliases and this file's own top-level definitions.

Only the first occurrence of each (name, kind) in a file is kept (``every=True``
keeps them all: ``lode refs --all`` re-reads the files the index names). Members of
values whose type the tree states (``s *Server`` → ``s.Close()``) are references to
the type's member (:mod:`.typed`).
"""

from __future__ import annotations

import re
import threading

from ..languages import language_named
from ..languages.resolver import resolver_for
from ..languages.spec import LanguageSpec
from ..languages.symbolrules import SymbolRules
from ..languages.treesitter import Node, Tree, grammar_for
from .context import Def, FileContext, field_ids, key
from .layout import Layout
from .records import DEFINITION, METHOD, REFERENCE, FileSymbols, PackedSymbols, Symbol, defined_names
from .rules import rules_for
from .typed import TypeTable

_queries: dict[str, tuple] = {}  # language → (query, each pattern's role, gathered roles)
_lock = threading.Lock()


def _query(spec: LanguageSpec, rules: SymbolRules):
    return _compiled(spec, rules)[0]


def _compiled(spec: LanguageSpec, rules: SymbolRules) -> tuple:
    """(the query, each pattern's role)."""
    return _compiled_gathered(spec, rules)[:2]


def _compiled_gathered(spec: LanguageSpec, rules: SymbolRules) -> tuple:
    """(the query, each pattern's role, the same with one-name references gathered)."""
    with _lock:
        found = _queries.get(spec.name)
    if found is None:
        grammar = grammar_for(spec)
        source = rules.query()
        # the scope nodes themselves (functions, literals), for typed.TypeTable: finding
        # a name's scope by walking up from it asks tree-sitter for each parent in turn
        kinds = sorted(k for k in rules.scope_nodes if grammar.language.id_for_node_kind(k, True))
        if kinds:
            source += "\n[" + " ".join(f"({k})" for k in kinds) + "] @scope\n"
        q = grammar.query(source)
        roles = _roles(q)
        # the same, with a match of one `@ref.local` or `@ref.value` capture gathered by
        # its kind (_LOCAL, _VALUE), read in a loop of its own after the other references
        # (a file keeps a name's earliest reference, whatever the order they are met in;
        # ``every`` keeps each, in the order found, so it reads the first list)
        gathered = [(_LOCAL,) if role is not None and role[0] == _ONE_REF and role[1] is _ref_local
                    else (_VALUE,) if role is not None and role[0] == _ONE_REF and role[1] is _ref_value
                    else role for role in roles]
        found = (q, roles, gathered)
        with _lock:
            _queries[spec.name] = found
    return found


# What a match is, decided once per pattern (see _roles); None: read from its captures.
_ONE_REF, _BASE_MEMBER, _SCOPE, _IMPORT, _TYPED, _RELATION, _REFERENCE, _DEFINITION, _NOTHING, _RETURN, \
    _ONE_BASE, _LOCAL, _VALUE = range(13)


def _roles(query) -> list[tuple | None]:
    """Each pattern's role: a pattern whose captures are all held exactly once (no
    ``?``/``*``/alternative without them) gives every match the same capture names, so
    the tests extract_symbols would make on each match's names are made here, once.
    ``(kind, …)``: (_ONE_REF, handler, capture), (_DEFINITION, capture, detail,
    has_name, has_receiver, has_impl_type), or (kind,) for the rest."""
    names = [query.capture_name(i) for i in range(query.capture_count)]
    roles: list[tuple | None] = []
    for pattern in range(query.pattern_count):
        held, exact = set(), True
        for i, name in enumerate(names):
            try:
                quantifier = query.capture_quantifier(pattern, i)
            except SystemError:  # py-tree-sitter raises for a capture the pattern lacks
                continue
            held.add(name)
            exact = exact and quantifier == ""
        roles.append(_role(held) if exact else None)
    return roles


def _role(caps: set[str]) -> tuple | None:
    # the tests of extract_symbols' loop, in its order
    if len(caps) == 1:
        [cap] = caps
        if cap == "ref.base":
            return (_ONE_BASE,)
        if cap in _ONE_NODE_REFS:
            return (_ONE_REF, _ONE_NODE_REFS[cap], cap)
        if cap == "scope":
            return (_SCOPE,)
    elif len(caps) == 2 and "ref.member" in caps and "ref.base" in caps:
        return (_BASE_MEMBER,)
    if "import" in caps:
        return (_IMPORT,)
    if "ret.owner" in caps:
        return (_RETURN,)  # typed, and read before the rest (call results need them)
    if "var.name" in caps or "field.name" in caps:
        return (_TYPED,)
    if "rel.owner" in caps:
        return (_RELATION,)
    if "ref.base" in caps or "ref.local" in caps or "ref.path" in caps or "ref.value" in caps:
        return (_REFERENCE,)
    defs = [cap for cap in caps if cap.startswith("def.")]
    if not defs:
        return (_NOTHING,)
    if len(defs) > 1:
        return None  # several definitions in one match: made in the match's order
    return (_DEFINITION, defs[0], defs[0][4:], "name" in caps, "receiver" in caps, "impl.type" in caps)


def extract_symbols(path: str, data: bytes | str, tree: Tree | None, spec: LanguageSpec,
                    layout: Layout | None = None, every: bool = False,
                    packed: bool = False) -> FileSymbols | PackedSymbols | None:
    """The symbols of one file. ``path`` is relative to the workspace root that
    ``layout`` describes; ``tree`` comes from ``grammar_for(spec).parse(data)`` (None
    parses here). Returns None for languages without symbol rules. ``every`` keeps
    every occurrence, not only the first of each (name, kind). ``packed``: the
    records as an index worker sends them (``FileSymbols.packed()``), made directly."""
    rules = rules_for(spec)
    if rules is None:
        return None
    if isinstance(data, str):
        data = data.encode("utf-8")
    if rules.reads_as is not None:
        other = _read_as(rules, data)
        if other is not None:  # a C++ header: the tree given is C's, parsed again below
            spec, tree = other, None
            rules = rules_for(spec)
    layout = layout or Layout()
    resolver = resolver_for(rules.resolver)
    ctx = FileContext(path, data, spec, rules, layout, every)
    if tree is None:
        tree = grammar_for(spec).parse(data)
    root = tree.root_node if tree is not None else None
    ctx.module = resolver.module(ctx, root)
    if root is None:
        empty = FileSymbols(path, spec.name, ctx.module)
        return empty.packed() if packed else empty

    defs: dict[tuple[int, int], Def] = {}
    imports, rels, refs, typed, returns, scopes = [], [], [], [], [], []
    # the text of each member expression's base (`s.mu` in `s.mu.Lock()`), read here for
    # its handler and for the type table, which types only the names some base holds
    bases: set[bytes] = set()
    names, values = [], []  # the nodes of one-name references (_LOCAL, _VALUE)
    query, roles, gathered = _compiled_gathered(spec, rules)
    if not every:
        roles = gathered
    for pattern, caps in grammar_for(spec).matches(query, root):
        role = roles[pattern]
        if role is None:  # capture names that vary by match (an optional capture): its own
            role = _role(set(caps))
            if role is None:  # several definitions in one match, made in its order
                for cap in caps:
                    if cap.startswith("def."):
                        _keep_definition(defs, caps, cap, cap[4:], pattern, "name" in caps,
                                         "receiver" in caps, "impl.type" in caps)
                continue
        what = role[0]
        if what == _LOCAL:  # the tests in order of how often Go's matches meet them
            names.append(caps["ref.local"][0])
        elif what == _BASE_MEMBER:  # `pkg.Name`, `s.Close`
            node = caps["ref.base"][0]
            start = node.start_byte
            raw = data[start:node.end_byte]
            bases.add(raw)
            refs.append((_ref_base, node, caps["ref.member"][0], raw, start))
        elif what == _VALUE:
            values.append(caps["ref.value"][0])
        elif what == _DEFINITION:
            _keep_definition(defs, caps, role[1], role[2], pattern, role[3], role[4], role[5])
        elif what == _TYPED:
            typed.append(caps)
        elif what == _ONE_REF:
            refs.append((role[1], caps[role[2]][0], None, None, 0))
        elif what == _ONE_BASE:  # a base whose member _ref_base finds
            node = caps["ref.base"][0]
            start = node.start_byte
            raw = data[start:node.end_byte]
            bases.add(raw)
            refs.append((_ref_base, node, None, raw, start))
        elif what == _SCOPE:
            scopes.append(caps["scope"][0])
        elif what == _RETURN:
            returns.append(caps)
        elif what == _REFERENCE:
            if "ref.base" in caps:
                node = caps["ref.base"][0]
                bases.add(data[node.start_byte:node.end_byte])
            refs.append((_reference, caps, None, None, 0))
        elif what == _IMPORT:
            imports.append(caps)
        elif what == _RELATION:
            rels.append(caps)

    ctx.defs, ctx.scope_nodes, ctx.broken = defs, scopes, root.has_error
    for caps in imports:
        resolver.imports(ctx, caps)
    if rules.hidden_imports is not None and ctx.aliases:
        rules.hidden_imports(ctx, root, typed)  # locals named as imports: scoped as type parameters
    by_node = ctx.by_node = _qualify(ctx, resolver, defs)
    if rules.scope_nodes:
        ctx.types = TypeTable(ctx, resolver, by_node, scopes, asked=(bases, typed))
        for caps in returns:  # first: a variable holding a call's result reads them
            ctx.types.add(caps)
        for caps in typed:
            ctx.types.add(caps)
        ctx.types.finish()
    for caps in rels:
        _relate(ctx, resolver, caps, by_node)
    # (handler, node, member node or None, a base's text, its start) or (handler, caps, …)
    if ctx.type_params:  # a file declaring type parameters: their uses are not references
        generic = _IN_GENERICS.get
        for handler, a, b, raw, start in refs:
            generic(handler, handler)(ctx, resolver, a, b, raw, start)
        local, value = _IN_GENERICS[_ref_local], _IN_GENERICS[_ref_value]
        for node in names:
            local(ctx, resolver, node)
        for node in values:
            value(ctx, resolver, node)
    else:
        for handler, a, b, raw, start in refs:
            handler(ctx, resolver, a, b, raw, start)
        if names:
            _ref_locals(ctx, resolver, names)
        if values:
            _ref_values(ctx, resolver, values)
    resolver.finish(ctx)
    for body, declaration in rules.yields_to:
        ctx.drop_declarations_of_bodies(body, declaration)
    # The type table and the context point at each other: broken here, the file's
    # state is freed at once instead of waiting for the cyclic collector (the index's
    # workers collect once per task, and walking these cycles was ~4% of their time).
    ctx.types = None
    rows = ctx.rows()
    if packed:
        return PackedSymbols(path, spec.name, ctx.module, defined_names(rows, ctx.links), rows,
                             ctx.links, ctx.relations, dict(ctx.aliases))
    return FileSymbols(path, spec.name, ctx.module, [Symbol(*row) for row in rows], ctx.links,
                       ctx.relations, dict(ctx.aliases))


_reads_as: dict[tuple, tuple] = {}  # a reads_as pair -> (its regex compiled, the other spec)


def _read_as(rules: SymbolRules, data: bytes) -> LanguageSpec | None:
    """The language a file is read as instead of its own when its bytes match the
    rules' ``reads_as`` regex (a C++ ``.h`` file), else None. Only matching files pay
    a second parse."""
    found = _reads_as.get(rules.reads_as)
    if found is None:
        name, pattern = rules.reads_as
        found = _reads_as[rules.reads_as] = (re.compile(pattern.encode(), re.MULTILINE), language_named(name))
    regex, other = found
    return other if other is not None and regex.search(data) is not None else None


def _keep_definition(defs: dict, caps: dict, cap: str, detail: str, pattern: int, has_name: bool,
                     has_receiver: bool, has_impl: bool) -> None:
    """The definition capture ``cap`` of a match, kept unless an earlier pattern already
    defined the same name (or node)."""
    node = caps[cap][0]
    if has_name:  # key(), inlined: a file has thousands of definitions
        name = caps["name"][0]
        k = (name.start_byte, name.end_byte)
    else:
        name = None
        k = (node.start_byte, node.end_byte)
    old = defs.get(k)
    if old is None or pattern < old.pattern:
        defs[k] = Def(node, name, detail, pattern, caps["receiver"][0] if has_receiver else None,
                      caps["impl.type"][0] if has_impl else None, None, None, k if has_name else None)


def _qualify(ctx: FileContext, resolver, defs: dict[tuple[int, int], Def]) -> dict[tuple[int, int], Def]:
    rules = ctx.rules
    # each node's span read once (every read is a call into tree-sitter): by start, the
    # longer first, ties in the order found
    ordered = []
    for i, d in enumerate(defs.values()):
        node = d.node
        ordered.append((node.start_byte, -node.end_byte, i, d))
    ordered.sort()
    by_node: dict[tuple[int, int], Def] = {}
    # (end, definition, start, the definition holding it) of the definitions holding this one
    stack: list[tuple[int, Def, int, Def | None]] = []
    hoisted = rules.constructor_members
    type_params = rules.type_parameters
    class_locals = rules.class_locals
    transparent = rules.transparent_scopes
    types, type_spans = rules.types, ctx.type_spans
    instance = rules.instance_members
    members: list[tuple[Def, Def]] = []  # (method, `self.x = …` in it), see _instance_members
    local_defs = ctx.local_defs
    scopes, callables, suppressed, data, module = rules.scopes, rules.callables, ctx.suppressed, ctx.data, ctx.module
    for start, neg_end, _i, d in ordered:
        while stack and stack[-1][0] <= start:
            stack.pop()
        top = stack[-1] if stack else None
        if top is not None and top[2] == start and top[0] == -neg_end and d.name is not None \
                and top[1].name is not None:
            # one declaration naming several (`var A, B int`, `foo, bar :: Int`): B is A's
            # sibling, held by what holds A (a nameless one, C++'s out-of-line `impl`
            # around `Circle::area`, is the scope of the definition on its node)
            enclosing = top[3]
        else:
            enclosing = top[1] if top is not None else None
            stack.append((-neg_end, d, start, enclosing))
        by_node[(start, -neg_end)] = d
        detail = d.detail  # read once (a slot); set again below when it changes
        if detail in types:
            type_spans.append((start, -neg_end))
        name_span = d.name_span
        if name_span is not None:
            by_node[name_span] = d
        if type_params and detail in type_params:
            if _type_parameter(ctx, d, enclosing) or class_locals is None or enclosing is None \
                    or enclosing.detail not in rules.types:
                continue
            # a local that no function holds, in a class body (Python's `if TYPE_CHECKING:
            # x = …` there): the class's member, named as the rules say
            d.detail = detail = class_locals
        if instance is not None and detail in instance:
            # `self.x = …`: a candidate when it sits in a method itself (not in a
            # function or class nested there), named once the class body is read
            if enclosing is not None and enclosing.qname is not None and enclosing.detail in callables \
                    and enclosing.scope is not None and enclosing.scope.detail in rules.types:
                members.append((enclosing, d))
            continue
        if hoisted and enclosing is not None and detail in hoisted and enclosing.qname is not None \
                and enclosing.detail in callables and _parameter_of(d, enclosing):
            # PHP's `__construct(private Client $client)`, TypeScript's
            # `constructor(private readonly client: Client)`: the class's
            enclosing = enclosing.scope
        if transparent and enclosing is not None and enclosing.detail in transparent and enclosing.qname is not None:
            enclosing = enclosing.scope  # a member of a Kotlin companion object: its class's
        if enclosing is not None and (enclosing.qname is None or enclosing.detail not in scopes):
            continue  # local to a function body or a value: not indexed
        if name_span is not None and name_span in suppressed:
            continue
        scope = d.scope = enclosing
        prefix = scope.qname if scope is not None else module
        if detail == "impl":
            d.qname = resolver.impl_name(ctx, d, prefix)
            continue
        if d.name is None:
            continue
        short = data[name_span[0]:name_span[1]].decode("utf-8", "replace")  # ctx.text(d.name)
        if not resolver.keep(ctx, d, short):
            continue
        if d.receiver is not None:
            qname = d.qname = ctx.join(ctx.join(module, ctx.text(d.receiver)), short)
            kind = METHOD
        else:
            qname = d.qname = f"{prefix}.{short}" if prefix else short  # ctx.join
            kind = METHOD if (detail in callables and scope is not None
                              and scope.detail in rules.types) else DEFINITION
        if scope is None and d.receiver is None:
            # a file's top-level names, as its code may write them bare; a method on a
            # receiver (Go's `func (m *Mux) Route`, Lua's `function T.f`) is only ever
            # reached through its receiver, so a bare `Route` is the package's type
            local_defs.setdefault(short, qname)
        ctx.add(qname, kind, d.name, detail, name_span[0])
    if members:
        _instance_members(ctx, members)
    return by_node


def _instance_members(ctx: FileContext, members: list[tuple[Def, Def]]) -> None:
    """The members a class's methods set on the instance (Python's ``self.router =
    APIRouter()``), each ``(method, definition)`` in file order: one definition per name
    and class, the one in a constructor (``__init__``) else the first, and none for a
    name the class body defines itself (an attribute, a method or property: that one
    is what a language server answers)."""
    rules = ctx.rules
    declared = {row[2] for row in ctx._found if row[3] != REFERENCE}
    chosen: dict[str, tuple[Def, Def]] = {}
    for method, d in members:
        qname = ctx.join(method.scope.qname, ctx.text(d.name))
        if qname in declared:
            continue
        old = chosen.get(qname)
        if old is None or (ctx.text(method.name) in rules.constructors
                           and ctx.text(old[0].name) not in rules.constructors):
            chosen[qname] = (method, d)
    for qname, (method, d) in chosen.items():
        d.detail = rules.instance_members[d.detail]
        d.scope, d.qname = method.scope, qname
        ctx.add(qname, DEFINITION, d.name, d.detail)
        ctx.member_definitions.add(d.name.start_byte)


def _parameter_of(d: Def, callable: Def) -> bool:
    """Whether ``d`` is one of ``callable``'s own parameters, not a member of a type
    written in them (TypeScript's ``constructor(opts: { url: string })``)."""
    parent = d.node.parent
    params = callable.node.child_by_field_name("parameters")
    return parent is not None and params is not None and key(parent) == key(params)


def _type_parameter(ctx: FileContext, d: Def, enclosing: Def | None) -> bool:
    """A type parameter is not indexed; its name is one within the definition around it
    (the class, function or type that declares it; with none, the declaration holding
    the parameter list, as C++'s template_declaration does). Whether it has a scope
    (SymbolRules.type_parameter_scope may give it none)."""
    if d.name is None:
        return True
    owner = enclosing.node if enclosing is not None else d.node.parent
    if enclosing is None and owner is not None and owner.parent is not None:
        owner = owner.parent
    owner = ctx.rules.type_parameter_scope(d, owner, ctx) if ctx.rules.type_parameter_scope else owner
    if owner is None:
        return False
    name = ctx.data[d.name.start_byte:d.name.end_byte]
    ctx.type_params.setdefault(name, []).append((owner.start_byte, owner.end_byte, d.detail))
    return True


def _relate(ctx: FileContext, resolver, caps: dict, by_node: dict) -> None:
    owner = by_node.get(key(caps["rel.owner"][0]))
    if owner is None or owner.qname is None:
        return
    for cap, nodes in caps.items():
        if not cap.startswith("rel.") or cap == "rel.owner":
            continue
        kind = cap[4:]
        for node in nodes:
            base = ctx.text(node) if kind == "requires" else resolver.resolve(ctx, node)
            ctx.relate(owner.qname, base, kind, node)


_MEMBER_FIELDS = ("property", "field", "attribute", "name")


def _member(ctx: FileContext, base: Node) -> Node | None:
    """The member named after ``base`` (``b`` in ``a.b``, ``a?.b``, ``a::b``)."""
    parent = base.parent
    if parent is not None:
        for field in field_ids(ctx.spec, _MEMBER_FIELDS):
            m = parent.child_by_field_id(field)
            if m is not None and m.start_byte >= base.end_byte:
                return m
    return base.next_named_sibling


def _reference(ctx: FileContext, resolver, caps: dict, _unused=None, _raw=None, _start=0) -> None:
    if "ref.path" in caps:
        _ref_path(ctx, resolver, caps["ref.path"][0])
    elif "ref.base" in caps:
        _ref_base(ctx, resolver, caps["ref.base"][0], caps["ref.member"][0] if "ref.member" in caps else None)
    elif "ref.value" in caps:
        _ref_value(ctx, resolver, caps["ref.value"][0])
    else:
        _ref_local(ctx, resolver, caps["ref.local"][0])


def _ref_path(ctx: FileContext, resolver, node: Node, _unused=None, _raw=None, _start=0) -> None:
    target = resolver.path(ctx, node)
    if target:
        ctx.ref(target, node)


def _ref_base(ctx: FileContext, resolver, base_node: Node, member_node: Node | None = None,
              raw: bytes | None = None, base_start: int = 0) -> None:
    # each node's span read once and its text cut where the match is read (``raw``,
    # ``base_start``; every read is a call into tree-sitter, half a million of these per
    # Go standard library); what the base's text stands for is read once per file
    # (_base_reading)
    data = ctx.data
    if raw is None:
        base_start = base_node.start_byte
        raw = data[base_start:base_node.end_byte]
    reading = ctx.base_readings.get(raw)
    if reading is None:
        reading = ctx.base_readings[raw] = _base_reading(ctx, resolver, raw)
    base, target, typed, local = reading
    if local is None and target is None and not typed:
        return  # an untyped local's member (most bases): no answer rather than a guess
    if member_node is None:
        member_node = _member(ctx, base_node)
        if member_node is None:
            return
    if target is not None:  # `pkg.Name`: that package's member, when visible across packages
        if ctx.type_params and ctx.type_parameter(raw, base_start, base_node):
            # a parameter or local named as an import: its type's member when the tree
            # states its type (`def f(client: Client): client.send()`), else nothing
            # (`def f(json): json.x`)
            if typed:
                _typed_member(ctx, base_node, member_node, base, base_start)
            return
        raw = data[member_node.start_byte:member_node.end_byte]
        found = ctx.alias_members.get((target, raw), _UNKNOWN)
        if found is _UNKNOWN:  # asked once per file for each (package, member)
            member = raw.decode("utf-8", "replace")
            exported = ctx.rules.exported
            found = ctx.alias_members[(target, raw)] = None if exported is not None and not exported(member) \
                else f"{target}.{member}"
        if found is not None:
            ctx.ref(found, base_node, base_start)
        return
    if typed:  # `s.Close()` with `s *Server`: the member of that type, named where it is
        if _typed_member(ctx, base_node, member_node, base, base_start):
            return
        if local is _UNKNOWN:
            local = reading[3] = _base_target(ctx, resolver, base)
    if local is None:
        return  # an untyped local's member: no answer rather than a guess
    if ctx.type_params and ctx.type_parameter(base.encode(), base_start, base_node):
        return  # `T.member` inside the generic declaring T
    ctx.ref(local, base_node, base_start)  # `run_command.params` uses run_command itself too
    member = ctx.text(member_node)
    ctx.ref(f"{local}.{member}", base_node, base_start)


def _typed_member(ctx: FileContext, base_node: Node, member_node: Node, base: str, base_start: int) -> bool:
    """A reference to the member of ``base``'s type, when the type table knows it there
    (``s.Close()`` with ``s *Server``: ``Server.Close``, named where the member is)."""
    typed = ctx.types.type_of(base_node, 0, base, base_start)
    if not typed:
        return False
    member_start = member_node.start_byte
    if member_start in ctx.member_definitions:
        return True  # the assignment defining the member (`self.x = …`): no use of it
    member = ctx.data[member_start:member_node.end_byte].decode("utf-8", "replace")
    ctx.ref(f"{typed}.{member}", member_node, member_start)
    return True


def _base_reading(ctx: FileContext, resolver, raw: bytes) -> list:
    """What a member expression's base text stands for in this file, fixed once its
    imports and definitions are read: [the text, the import it names (or None),
    whether the type table may know its type, what it names otherwise (None: nothing;
    _UNKNOWN: not read yet, as a typed base mostly needs no more)]. An import's type
    is asked only where a parameter or local of its name hides it."""
    base = raw.decode("utf-8", "replace")
    target = ctx.aliases.get(base)
    types = ctx.types
    if target is not None:
        return [base, target, types is not None and base in types.maybe_typed, None]
    # a plain name that no declaration in the file types (most bases: locals,
    # receivers of untyped values) has no type: type_of is not asked
    if types is not None and (base in types.maybe_typed or not base.isidentifier()):
        return [base, None, True, _UNKNOWN]
    return [base, None, False, _base_target(ctx, resolver, base)]


def _base_target(ctx: FileContext, resolver, base: str) -> str | None:
    """What the untyped base ``base`` of ``Base.member`` names: a definition of this
    file, or a class of its package (_package_class); None: nothing known."""
    target = ctx.local_defs.get(base)
    if target is None and ctx.rules.package_classes is not None:
        target = _package_class(ctx, resolver, base)
    return target


def _package_class(ctx: FileContext, resolver, base: str) -> str | None:
    """The class of the file's own package that ``base`` names in ``Base.member`` (Java's
    ``Helper.go()``, PHP's ``Helper::go()`` with Helper in the same package or namespace,
    not imported), when the language's rules say ``base`` reads as a class's name. A
    name this file defines in any scope (a member, a nested class) is not taken for
    another file's class: a C# property ``Items.Count`` stays unresolved."""
    looks_like_class = ctx.rules.package_classes
    if looks_like_class is None or not base.isidentifier() or not looks_like_class(base) \
            or base in ctx.rules.builtins or base in ctx.defined():
        return None  # not one name (`new TypeToken<T>() {}`, `A.B.c()`), or not a class's
    return resolver.unqualified(ctx, base)


def _ref_value(ctx: FileContext, resolver, node: Node, _unused=None, _raw=None, _start=0) -> None:
    _ref_values(ctx, resolver, (node,))


def _ref_local(ctx: FileContext, resolver, node: Node, _unused=None, _raw=None, _start=0) -> None:
    _ref_locals(ctx, resolver, (node,))


def _ref_locals(ctx: FileContext, resolver, nodes: list) -> None:
    """References of names used bare (``@ref.local``), in one loop with no call and no
    tuple per use (most uses of a name add no row). A name is looked up once per file;
    a name whose earlier use is kept already (ctx.seen_before, inlined; never with
    ``every``, which keeps no earliest use) needs nothing more, so the parent, which
    tree-sitter finds by walking down from the root, is asked only for the rest."""
    data, by_node, targets = ctx.data, ctx.by_node, ctx.name_targets
    earliest = ctx._earliest_ref
    qualified, builtins, aliases, local_defs = ctx.rules.qualified_types, ctx.rules.builtins, ctx.aliases, \
        ctx.local_defs
    for node in nodes:
        start, end = node.start_byte, node.end_byte
        raw = data[start:end]
        target = targets.get(raw, _UNKNOWN)
        if target is _UNKNOWN:
            name = raw.decode("utf-8", "replace")
            target = targets[raw] = None if name in builtins else (
                aliases.get(name) or local_defs.get(name) or resolver.unqualified(ctx, name))
        if not target:
            continue
        first = earliest.get(target)
        if first is not None and first <= start:
            continue
        if (start, end) in by_node:
            continue  # a definition's own name (`type Server struct`)
        parent = node.parent
        if parent is not None and parent.type in qualified:
            continue  # the last part of `http.Client`: the whole is a `@ref.base`
        ctx.ref(target, node, start)


def _ref_values(ctx: FileContext, resolver, nodes: list) -> None:
    """References of names used as values (`r.Use(RequestID)`), in one loop as
    _ref_locals: this file's or an import's name, or, visible across files (Go:
    capitalised), the package's; a lowercase unknown name is most likely a local."""
    data, by_node, targets = ctx.data, ctx.by_node, ctx.value_targets
    earliest = ctx._earliest_ref
    rules, aliases, local_defs = ctx.rules, ctx.aliases, ctx.local_defs
    for node in nodes:
        start, end = node.start_byte, node.end_byte
        raw = data[start:end]
        found = targets.get(raw)
        if found is None:
            name = raw.decode("utf-8", "replace")
            target = aliases.get(name) or local_defs.get(name)
            guess = resolver.unqualified(ctx, name) if target is None and rules.exported is not None \
                and rules.exported(name) and name not in rules.builtins else None
            found = targets[raw] = (target, guess)
        target, guess = found
        if target is None:
            if guess is None or (start, end) in by_node:
                continue
            target = guess
        first = earliest.get(target)
        if first is not None and first <= start:
            continue
        ctx.ref(target, node, start)


_UNKNOWN = object()


def _unless_type_parameter(handler):
    """``handler`` for a file that declares type parameters: a name that is one, used
    inside the generic declaring it (Go's `T(x)`, Java's `T item`), is no reference.
    Only such files pay the check (most Go files declare none)."""
    def checked(ctx: FileContext, resolver, node: Node, _unused=None, _raw=None, _start=0) -> None:
        start = node.start_byte
        raw = ctx.data[start:node.end_byte]
        if raw in ctx.type_params and ctx.type_parameter(raw, start, node):
            return
        handler(ctx, resolver, node, None, raw, start)
    return checked


def _reference_unless_type_parameter(ctx: FileContext, resolver, caps: dict, _unused=None, _raw=None,
                                      _start=0) -> None:
    node = (caps.get("ref.local") or caps.get("ref.value") or [None])[0]
    if node is not None:
        raw = ctx.data[node.start_byte:node.end_byte]
        if raw in ctx.type_params and ctx.type_parameter(raw, node.start_byte, node):
            return
    _reference(ctx, resolver, caps)


# A match holding only one of these captures is that reference (most matches of a file).
_ONE_NODE_REFS = {"ref.path": _ref_path, "ref.base": _ref_base, "ref.value": _ref_value,
                  "ref.local": _ref_local}
# The handlers that read a name a type parameter may hide, as a file with generics runs them.
_IN_GENERICS = {_ref_local: _unless_type_parameter(_ref_local), _ref_value: _unless_type_parameter(_ref_value),
                _reference: _reference_unless_type_parameter}
