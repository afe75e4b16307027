"""Zig: a file is a container named by its path; ``const x = @import("y.zig")`` (and
member chains on it) binds an alias, and a ``pub`` one re-exports."""

from __future__ import annotations

import posixpath

from ..resolver import Resolver, path_module


class ZigResolver(Resolver):
    def module(self, ctx, root) -> str:
        module = path_module(ctx.path)
        ctx.define_module(module)
        return module

    def target(self, ctx, node) -> str | None:
        """The qualified name an `@import(...)`-rooted expression names, else None."""
        members = []
        while node is not None and node.type == "field_expression":
            member = node.child_by_field_name("member")
            if member is None:
                return None
            members.insert(0, ctx.text(member))
            node = node.child_by_field_name("object")
        if node is None:
            return None
        if node.type == "builtin_function":
            ident = node.named_children[0] if node.named_children else None
            if ident is None or ctx.text(ident) != "@import":
                return None
            strings = [s for a in node.named_children[1:] for s in a.named_children if s.type == "string"]
            if not strings:
                return None
            spec = ctx.text(strings[0]).strip('"')
            if spec.endswith(".zig"):
                joined = posixpath.normpath(posixpath.join(posixpath.dirname(ctx.path), spec))
                head = path_module(joined)
            else:
                head = spec
        elif node.type == "identifier" and ctx.text(node) in ctx.aliases:
            head = ctx.aliases[ctx.text(node)]
        else:
            return None
        return ".".join([head, *members])

    def imports(self, ctx, caps) -> None:
        node = caps["import"][0]
        names = [c for c in node.named_children if c.type == "identifier"]
        values = [c for c in node.named_children if c.type in ("builtin_function", "field_expression")]
        if not names or not values:
            return
        target = self.target(ctx, values[0])
        if target is None:
            return
        local = ctx.text(names[0])
        ctx.aliases[local] = target
        ctx.suppressed.add((names[0].start_byte, names[0].end_byte))
        ctx.ref(target, names[0])
        if node.child_count and node.children[0].type == "pub":
            scope = _container(ctx, node)
            if scope is not None:
                ctx.link(f"{scope}.{local}", target, names[0])


def _container(ctx, node) -> str | None:
    """The module for a file-level declaration; None when nested (not worth a link)."""
    return ctx.module if node.parent is not None and node.parent.type == "source_file" else None


RESOLVER = ZigResolver()
