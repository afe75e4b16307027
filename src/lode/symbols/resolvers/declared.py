"""Languages whose files say which package or module they belong to (Kotlin and Scala
`package a.b`, C# `namespace A.B;`, Haskell `module A.B where`), or whose definitions
carry complete names (Elixir `defmodule A.B`), or whose build layout names the module
(SwiftPM `Sources/<target>/`), or that are named by their path (Lua, shell). Imports are not resolved: names qualify by nesting alone."""

from __future__ import annotations

from . import Resolver, path_module

_SCAN = 40  # top-level nodes looked at for the package declaration


class DeclaredResolver(Resolver):
    def module(self, ctx, root) -> str:
        rules = ctx.rules
        if root is not None and rules.module_nodes:
            parts = []
            for i in range(min(root.named_child_count, _SCAN)):
                node = root.named_child(i)
                if node.type in rules.module_nodes:
                    name = _name_of(node)
                    if name is not None:
                        parts.append("".join(ctx.text(name).split()).replace("::", "."))
                elif parts and "comment" not in node.type:
                    break  # only the leading run: a later Perl `package` is not a prefix
            if parts:  # Scala's chained `package a` / `package b` clauses are a.b
                return ".".join(parts)
        if rules.module_parent:
            parts = ctx.path.split("/")[:-1]
            if rules.module_parent in parts:
                i = parts.index(rules.module_parent)
                if i + 1 < len(parts):
                    return parts[i + 1]
        if rules.path_modules:
            return path_module(ctx.path, rules.strip_dirs, rules.index_stems)
        return ""


def _name_of(node):
    for field in ("name", "module"):
        found = node.child_by_field_name(field)
        if found is not None:
            return found
    for child in node.named_children:  # Kotlin's package_header holds a bare identifier
        if "comment" not in child.type:
            return child
    return None


RESOLVER = DeclaredResolver()
