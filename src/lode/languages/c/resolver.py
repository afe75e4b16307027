"""C and C++ names: one global namespace for the whole workspace, as the linker sees it.

Why every C (and C++ global-namespace) definition is qualified by the constant
``GLOBAL`` rather than by its file path or by nothing:

- A C programmer looks up ``uv_loop_init``, not ``uv.uv_loop_init`` or
  ``src.unix.loop.uv_loop_init``: C has no modules, a name means the same thing in
  every file that sees its declaration. A path module would give the prototype in
  ``include/uv.h`` and the body in ``src/unix/loop.c`` two different names, so the bare
  name would be ambiguous and a call in a third file would know neither.
- The symbol index answers a name without a dot by the qualified names ending in it,
  then looks that name up, and a look-up needs one dot. A bare stored name
  (``uv_loop_init``) would be found by the first step and refused by the second; with
  one constant first part every C name is ``global.uv_loop_init``: the bare name is its
  one trailing form, so ``lode def uv_loop_init``, ``refs`` and ``describe`` answer it,
  and the header's prototype and the source's body are candidates of the same name.
- C++ namespaces and classes nest below it (``global.fmt.detail.write``): any trailing
  form (``fmt.detail.write``, ``detail.write``) resolves, and a C++ call to a C
  function (``extern "C"``) names the same ``global.uv_loop_init`` the C file defines.

Out-of-line members (``void Foo::bar() {}``) are named under ``Foo`` (their
``@def.impl`` scope); a prototype in a file that also holds the body is not kept (the
index keeps one row per name and kind in a file: it would hide the body's line).

A C++ template's parameters (``template <typename T>``) are definitions local to the
template: not indexed, and a name they declare is no reference inside it (``T value``,
``T::type``, ``class Box : public T``) rather than a use of a ``T`` of the namespace.
"""

from __future__ import annotations

import re

from ..resolver import Resolver

GLOBAL = "global"
_TEMPLATE_ARGS = re.compile(r"<[^<>]*>")


def dotted(text: str) -> list[str]:
    """``a::b<T>::c`` → ``["a", "b", "c"]`` (template arguments and spaces dropped)."""
    text = "".join(text.split())
    for _ in range(4):  # nested arguments, innermost first
        stripped = _TEMPLATE_ARGS.sub("", text)
        if stripped == text:
            break
        text = stripped
    return [p for p in text.split("::") if p]


class CResolver(Resolver):
    def module(self, ctx, root) -> str:
        return GLOBAL

    def keep(self, ctx, d, short: str) -> bool:
        return d.detail != _TEMPLATE_PARAMETER

    def finish(self, ctx) -> None:
        # a prototype in the file that holds its body: only the body is kept
        ctx.drop_declarations_of_bodies("function", "declaration")

    def impl_name(self, ctx, d, prefix: str) -> str:
        # `void a::B::f() {}`: the scope is a::B, under the namespace the definition sits in
        # (a leading `::` names the global namespace)
        # (`namespace a::b {` names its whole path)
        text = ctx.text(d.impl_type)
        if "{" in text or ";" in text:
            # a "scope" spanning a parse error (a macro the grammar cannot see through,
            # fmtlib's `FMT_CONSTEXPR basic_string_view(...)`): its members keep the
            # enclosing scope rather than a name made of that text
            return prefix
        parts = dotted(text)
        if d.impl_type.type != "nested_namespace_specifier":
            parts = parts[:-1]
        if text.lstrip().startswith("::"):
            prefix = GLOBAL
        return ".".join([prefix, *parts]) if parts else prefix

    def resolve(self, ctx, node) -> str:
        """A base class: see ``path``; a bare name nothing here defines stays bare (the
        index also matches a base by its last part)."""
        parts = dotted(ctx.text(node))
        if not parts or _template_parameter(ctx, parts[0], node.start_byte):
            return ""  # `: public T`: no base the index could name
        if len(parts) == 1 and _defined(ctx, parts[0]) is None:
            return parts[0]
        return _qualified(ctx, parts, node.start_byte) or ""

    def type_name(self, ctx, node) -> str | None:
        """A declared variable's class (``Box& b``), named as ``path`` names it."""
        parts = dotted(ctx.text(node))
        if not parts or parts[0] in ctx.rules.builtins or _template_parameter(ctx, parts[0], node.start_byte):
            return None
        return _qualified(ctx, parts, node.start_byte)

    def path(self, ctx, node) -> str | None:
        """A C++ name as written at a call or a type (``f``, ``Box``, ``ns::f``)."""
        start, end = node.start_byte, node.end_byte
        if (start, end) in ctx.by_node:
            return None  # a definition's own name
        parts = dotted(ctx.data[start:end].decode("utf-8", "replace"))
        if not parts or (len(parts) == 1 and parts[0] in ctx.rules.builtins) \
                or _template_parameter(ctx, parts[0], start):
            return None
        return _qualified(ctx, parts, start)

    def unqualified(self, ctx, name: str) -> str | None:
        # a name no top-level definition of this file has: one of this file's nested
        # definitions (a C++ namespace member called from inside it), else a global one
        return _defined(ctx, name) or f"{GLOBAL}.{name}"


def _qualified(ctx, parts: list[str], start: int) -> str | None:
    """The qualified name C++ code at byte ``start`` most likely means by ``a::b``:
    led by a name this file defines, that definition's; led by a namespace the code is
    in (``geo::X`` inside ``geo``), that namespace's; other qualified names are read
    from the global namespace (``std::move``). A bare name this file does not define
    is guessed to be in the innermost namespace around the code, else global: in
    namespaced code unqualified names are mostly the namespace's own. (No answer is
    checked against other files: a wrong guess is a missing reference, not a wrong one
    elsewhere.)"""
    head = _defined(ctx, parts[0])
    if head is not None:
        return ".".join([head, *parts[1:]])
    space = _namespace_at(ctx, start)
    if len(parts) == 1:
        return f"{space or GLOBAL}.{parts[0]}"
    while space:
        if space.rsplit(".", 1)[-1] == parts[0]:
            return ".".join([space, *parts[1:]])
        space = space.rsplit(".", 1)[0] if "." in space else None
    return ".".join([GLOBAL, *parts])


def _namespace_at(ctx, start: int) -> str | None:
    """The qualified name of the innermost namespace holding byte ``start``."""
    spaces = ctx.extra.get("spaces")
    if spaces is None:
        spaces = ctx.extra["spaces"] = sorted(
            (d.node.start_byte, -d.node.end_byte, d.qname) for d in ctx.defs.values()
            if d.qname and (d.detail == "namespace" or (d.detail == "impl" and d.name is None
                                                         and d.impl_type.type == "nested_namespace_specifier")))
    found = None
    for s, neg_end, qname in spaces:  # few per file: outer ones first
        if s > start:
            break
        if start < -neg_end:
            found = qname
    return found


_TEMPLATE_PARAMETER = "template_parameter"  # the detail cpp/symbols.scm gives them


def _template_parameter(ctx, name: str, start: int) -> bool:
    """Whether ``name`` at byte ``start`` is a parameter of a template around it."""
    params = ctx.extra.get("template_params")
    if params is None:  # name -> the spans of the templates declaring it, read once
        params = ctx.extra["template_params"] = {}
        for d in ctx.defs.values():
            if d.detail == _TEMPLATE_PARAMETER and d.name is not None:
                template = d.node.parent
                while template is not None and template.type != "template_declaration":
                    template = template.parent
                if template is not None:
                    params.setdefault(ctx.text(d.name), []).append((template.start_byte, template.end_byte))
    spans = params.get(name)
    return spans is not None and any(s <= start < e for s, e in spans)


def _defined(ctx, name: str) -> str | None:
    """The qualified name of this file's definition named ``name`` (top-level first,
    then any scope), or None."""
    found = ctx.local_defs.get(name)
    if found is not None:
        return found
    nested = ctx.extra.get("nested")
    if nested is None:
        nested = ctx.extra["nested"] = {}
        for d in ctx.defs.values():
            if d.name is not None and d.qname is not None:
                nested.setdefault(ctx.text(d.name), d.qname)
    return nested.get(name)


RESOLVER = CResolver()
