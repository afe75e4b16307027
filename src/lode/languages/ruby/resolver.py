"""Ruby: names are complete as nesting writes them, so no file names a module and there
are no imports (`require` loads a file; the names it defines are written in full).

``class A::B`` opens ``A.B`` where it stands (a definition made here, ``impl_name``:
the name is a path, not one identifier). A constant is looked up the way Ruby looks
it up lexically, as far as this file tells: ``Request`` inside ``module Sinatra`` is
``Sinatra.Request`` when this file defines that, else the name as written (a top-level
constant, or one defined in another file: the index's look-up by a base's last part
finds those). ``::A`` is absolute. A call without a receiver is a reference only when
the enclosing class or module of this file defines that method."""

from __future__ import annotations

from ..resolver import Resolver

_OPENERS = frozenset({"class", "module"})


# what `attr_reader :name` and its kin define: the reader `name`, the writer `name=`
# (named as `def name=(value)` is)
_ATTRIBUTE_METHODS = {"attr_reader": ("",), "attr_writer": ("=",), "attr_accessor": ("", "=")}


class RubyResolver(Resolver):
    def module(self, ctx, root) -> str:
        return ""

    def keep(self, ctx, d, short: str) -> bool:
        """``attr_accessor :name`` defines ``Class.name`` and ``Class.name=``, here (the
        symbol's text, ``:name``, is not the method's name); other definitions are kept
        as written."""
        suffixes = _ATTRIBUTE_METHODS.get(d.detail)
        if suffixes is None:
            return True
        scope = d.scope
        owner = scope.qname if scope is not None else ctx.module
        kind = "method" if scope is not None and scope.detail in ctx.rules.types else "definition"
        for suffix in suffixes:
            ctx.add(ctx.join(owner, short[1:] + suffix), kind, d.name, d.detail)
        return False

    def impl_name(self, ctx, d, prefix: str) -> str:
        written = ctx.text(d.impl_type)
        name = _dotted(written) if written.startswith("::") else ctx.join(prefix, _dotted(written))
        ctx.add(name, "definition", d.impl_type, d.node.type)  # the class or module itself
        _defined(ctx).add(name)
        return name

    def resolve(self, ctx, node) -> str:
        return self._lexical(ctx, node, ctx.text(node)) or _dotted(ctx.text(node))

    def type_name(self, ctx, node) -> str | None:
        text = ctx.text(node)
        return self._lexical(ctx, node, text) if text[:1].isupper() or text.startswith("::") else None

    def path(self, ctx, node) -> str | None:
        """A constant or constant path in code (``Rack::Utils``), or a call on one
        (``Request.new``) or on nothing (``route(…)``): the name it stands for."""
        parent = node.parent
        if parent is not None and parent.type == "scope_resolution" and node.type != "call":
            return None  # a part of `A::B`: the whole is resolved
        if node.type != "call":
            if (node.start_byte, node.end_byte) in ctx.by_node or (
                    parent is not None and parent.type in _OPENERS and parent.child_by_field_name("name") == node):
                return None  # a definition's own name (`class A::B`'s too)
            return self._lexical(ctx, node, ctx.text(node))
        method = ctx.text(node.child_by_field_name("method"))
        receiver = node.child_by_field_name("receiver")
        if receiver is not None:
            owner = self._lexical(ctx, receiver, ctx.text(receiver))
            return f"{owner}.{method}" if owner else None
        for scope in _enclosing(ctx, node.start_byte):
            if f"{scope}.{method}" in _defined(ctx):
                return f"{scope}.{method}"
        return None

    def _lexical(self, ctx, node, written: str) -> str | None:
        if not written:
            return None
        name = _dotted(written)
        if written.startswith("::"):
            return name
        first = name.split(".", 1)[0]
        defined = _defined(ctx)
        for scope in _enclosing(ctx, node.start_byte):
            parts = scope.split(".")
            while parts:  # Sinatra.Base.X, then Sinatra.X
                if f"{'.'.join(parts)}.{first}" in defined:
                    return f"{'.'.join(parts)}.{name}"
                parts.pop()
            break  # the innermost scope's prefixes are the lexical scopes
        return name


def _defined(ctx) -> set[str]:
    found = ctx.extra.get("defined")
    if found is None:
        found = ctx.extra["defined"] = {d.qname for d in ctx.defs.values() if d.qname}
    return found


def _enclosing(ctx, at: int) -> list[str]:
    """The qualified names of the classes and modules of this file around byte ``at``,
    innermost first."""
    spans = ctx.extra.get("scopes")
    if spans is None:
        spans = ctx.extra["scopes"] = sorted(
            (d.node.start_byte, -d.node.end_byte, d.qname) for d in ctx.defs.values()
            if d.qname and d.node.type in _OPENERS)
    return [q for start, neg_end, q in reversed(spans) if start <= at < -neg_end]


def _dotted(text: str) -> str:
    return "".join(text.split()).replace("::", ".").strip(".")


RESOLVER = RubyResolver()
