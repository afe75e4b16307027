"""Languages whose files say which package or module they belong to (Kotlin and Scala
`package a.b`, C# `namespace A.B;`, Haskell `module A.B where`), or whose definitions
carry complete names (Elixir `defmodule A.B`), or whose build layout names the module
(SwiftPM `Sources/<target>/`), or that are named by their path (Lua, shell). An import
binds a local name to a qualified one (`import a.b.C`, `import qualified Data.Text as T`,
Elixir `alias A.B`, Lua `local u = require("a.b")`), so `T.pack` references
`Data.Text.pack`; names qualify by nesting."""

from __future__ import annotations

from .resolver import Resolver, path_module

_SCAN = 40  # top-level nodes looked at for the package declaration
WILDCARD = "wildcard_import"  # ctx.extra: the file has a wildcard import (`import a.b.*`)


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

    def imports(self, ctx, caps) -> None:
        _import(ctx, caps)

    def unqualified(self, ctx, name: str) -> str | None:
        if ctx.rules.package_scoped:
            if ctx.extra.get(WILDCARD):
                # `import io.ktor.client.request.*`: the name is this package's or any
                # wildcard-imported one's; kept as written (the index matches it to a
                # definition by the definition's name without its package)
                return name
            space = ctx.module or _block_namespace(ctx)
            if space:
                return f"{space}.{name}"  # same package, maybe another file
        return None


def _import(ctx, caps) -> None:
    """One `@import` match: ``@import.path`` (one node, or the segments of a path),
    optional ``@import.alias`` (the local name; else the path's last segment) or
    ``@import.name`` nodes (each imported name from the path). Wildcard imports bind
    nothing."""
    paths = caps.get("import.path") or []
    node = caps["import"][0]
    segments = [n for n in node.children_by_field_name("path") if n.is_named]
    if len(segments) > 1:  # Scala: each segment of `import a.b.C` is a `path` field
        paths = segments
    statement = ctx.text(node).rstrip().rstrip(";").rstrip()
    if statement.endswith(("*", "._", " _")):
        ctx.extra[WILDCARD] = True
        return
    if not paths:
        return
    parts = ("".join(ctx.text(n).split()).replace("::", ".").strip(".") for n in paths)
    path = ".".join(p for p in parts if p)
    names = caps.get("import.name")
    if "{" in statement and not names:
        return  # Scala's `import a.{B, C}` binds its selectors (the match that has them)
    if names:
        for n in names:
            local = ctx.text(n)
            ctx.aliases[local] = f"{path}.{local}"
            ctx.ref(f"{path}.{local}", n)
        return
    alias = caps.get("import.alias")
    local = ctx.text(alias[0]) if alias else path.rsplit(".", 1)[-1]
    if local and local != path:
        ctx.aliases[local] = path
    ctx.ref(path, paths[0])


def _block_namespace(ctx) -> str:
    """The file's one top-level namespace block (C#'s `namespace Dapper { … }`, the file's
    package as `namespace Dapper;` would name it), else "". Read once definitions are
    qualified."""
    found = ctx.extra.get("block_namespace")
    if found is None:
        names = {d.qname for d in ctx.defs.values() if d.detail == "namespace" and d.scope is None and d.qname}
        found = ctx.extra["block_namespace"] = names.pop() if len(names) == 1 else ""
    return found


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
