"""Kotlin: the declared resolver (`package a.b` names the module, `import a.b.C [as D]`
binds a name) plus what Kotlin's scoping says about `x.member` and bare names.

- ``x.member`` with a lowercase ``x`` (symbols.scm hands these over as ``@ref.path``)
  names a value: a parameter or local in scope is that value, never an import or a
  top-level name of the file spelled the same (`fun f(url: URLBuilder) { url.build() }`
  beside a top-level `fun url(…)`). A function is no value either: where ``x`` is only
  a top-level function of this file, ``x`` is some other value (a property of the class
  around it, a receiver's) and the reference is not guessed.
- A file without a package clause is in the root package, whose names have no dot: a
  type it names that is neither imported nor defined in the file is the root package's
  (`class Square : Shape` → `Shape`).
"""

from __future__ import annotations

from ..declared import DeclaredResolver

# definitions (symbols.scm) that are a value of the code around them: a parameter or a
# local, visible in their scope (see _scope_of)
VALUE = "value"
_LOCALS = "kotlin_locals"  # ctx.extra: a value's name → the byte spans where it is in scope
_FUNCTIONS = "kotlin_functions"  # ctx.extra: top-level names this file defines only as functions


class KotlinResolver(DeclaredResolver):
    def keep(self, ctx, d, short: str) -> bool:
        # a local of an `init` block or a script's statement is no member of the class
        # or package around it
        return d.detail != VALUE

    def unqualified(self, ctx, name: str) -> str | None:
        found = super().unqualified(ctx, name)
        if found is None and not ctx.module and ctx.rules.package_classes(name) \
                and name not in ctx.rules.builtins:
            return name  # the root package's type, named as its file defines it
        return found

    def path(self, ctx, base) -> str | None:
        """``x.member`` with a lowercase ``x``: references made here (the base and its
        member), None returned."""
        start = base.start_byte
        raw = ctx.data[start:base.end_byte]
        if ctx.type_params and ctx.type_parameter(raw, start):
            return None  # a lambda's parameter, a loop's variable, a parameter of function type
        if _is_local(ctx, raw, start):
            return None  # a parameter or local of the code around it
        member_node = base.next_named_sibling
        if member_node is None:
            return None
        name = raw.decode("utf-8", "replace")
        member = ctx.text(member_node)
        target = ctx.aliases.get(name)
        if target is not None:  # an imported value (`import a.b.logger`): its member
            ctx.ref(f"{target}.{member}", base, start)
            return None
        target = ctx.local_defs.get(name)
        if target is None or name in _functions_only(ctx):
            return None
        ctx.ref(target, base, start)  # a top-level property or object of the file
        ctx.ref(f"{target}.{member}", base, start)
        return None


def _is_local(ctx, raw: bytes, start: int) -> bool:
    spans = ctx.extra.get(_LOCALS)
    if spans is None:
        spans = ctx.extra[_LOCALS] = _local_spans(ctx)
    found = spans.get(raw)
    return found is not None and any(s <= start < e for s, e in found)


def _local_spans(ctx) -> dict[bytes, list[tuple[int, int]]]:
    spans: dict[bytes, list[tuple[int, int]]] = {}
    for d in ctx.defs.values():
        if d.name is not None and (d.detail == VALUE or d.node.type == "class_parameter"):
            raw = ctx.data[d.name.start_byte:d.name.end_byte]
            spans.setdefault(raw, []).extend(_scope_of(d))
    return spans


# a class body's members that do not see a plain constructor parameter (only its
# initialisers do): they read a property of that name, or the package's
_NOT_INITIALISERS = frozenset({"function_declaration", "class_declaration", "object_declaration",
                               "companion_object", "secondary_constructor"})
# a property's parts that are functions, not its initialiser: `get() = client.size` reads
# the package's `client` (or a property), never a plain constructor parameter
_ACCESSORS = frozenset({"getter", "setter"})


def _scope_of(d) -> list[tuple[int, int]]:
    """Where a value is visible: a parameter (``parameter`` in a function's
    ``function_value_parameters``) in the whole function, a local (a
    ``property_declaration``) in the block or lambda holding it, a primary constructor's
    parameter in its class (class_parameters → primary_constructor → class_declaration):
    a `val`/`var` one, the class's property, everywhere in it; a plain one outside the
    body's functions, secondary constructors, property accessors and nested classes."""
    node = d.node
    parent = node.parent
    if node.type == "parameter" and parent is not None:
        parent = parent.parent
    elif node.type == "class_parameter":
        while parent is not None and parent.type != "class_declaration":
            parent = parent.parent
        if parent is not None and d.detail == VALUE:
            return _initialisers(parent)
    return [] if parent is None else [(parent.start_byte, parent.end_byte)]


def _initialisers(cls) -> list[tuple[int, int]]:
    """The spans of ``cls`` between its body's members (and properties' accessors) that
    are not initialisers."""
    spans, at = [], cls.start_byte
    body = next((c for c in cls.named_children if c.type == "class_body"), None)
    for member in body.named_children if body is not None else ():
        kind = member.type
        if kind in _NOT_INITIALISERS:
            spans.append((at, member.start_byte))
            at = member.end_byte
        elif kind == "property_declaration":
            for part in member.named_children:
                if part.type in _ACCESSORS:
                    spans.append((at, part.start_byte))
                    at = part.end_byte
    spans.append((at, cls.end_byte))
    return spans


def _functions_only(ctx) -> set[str]:
    found = ctx.extra.get(_FUNCTIONS)
    if found is None:
        kinds: dict[str, set[str]] = {}
        for d in ctx.defs.values():
            if d.scope is None and d.qname is not None and d.name is not None:
                kinds.setdefault(ctx.text(d.name), set()).add(d.detail)
        found = ctx.extra[_FUNCTIONS] = {name for name, k in kinds.items() if k == {"function"}}
    return found


RESOLVER = KotlinResolver()
