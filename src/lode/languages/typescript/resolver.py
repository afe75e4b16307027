"""TypeScript and JavaScript: the module path is the file path below the nearest
package.json (``src/``/``lib/`` dropped, ``index`` standing for its directory); imports
bind aliases; ``export … from`` and ``export { a as b }`` re-export."""

from __future__ import annotations

import posixpath

from ..resolver import Resolver, path_module


_SOURCE_EXTENSIONS = frozenset({".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"})


class TypeScriptResolver(Resolver):
    def module(self, ctx, root) -> str:
        rel_dir = posixpath.dirname(ctx.path)
        base = ctx.layout.nearest(rel_dir, "package.json") if rel_dir else None
        rel = ctx.path[len(base):].lstrip("/") if base else ctx.path
        ctx.extra["base"] = base or ""
        ctx.extra["local_exports"] = []
        module = path_module(rel, ctx.rules.strip_dirs, ctx.rules.index_stems)
        ctx.define_module(module)
        return module

    def keep(self, ctx, d, short: str) -> bool:
        """A call signature (symbols.scm's ``@def.call_signature``, named by its opening
        parenthesis) is its interface's method ``call``; other definitions as written."""
        if d.detail != "call_signature":
            return True
        scope = d.scope
        if scope is not None and scope.detail in ctx.rules.types:
            ctx.add(ctx.join(scope.qname, "call"), "method", d.node, "method")
        return False

    def specifier(self, ctx, source) -> str:
        """The module an import specifier names."""
        text = ctx.text(source).strip("'\"`")
        if not text.startswith("."):
            return text.replace("/", ".")
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(ctx.path), text))
        base = ctx.extra["base"]
        if base and (joined == base or joined.startswith(base + "/")):
            joined = joined[len(base):].lstrip("/")
        stem, ext = posixpath.splitext(joined)
        if ext in _SOURCE_EXTENSIONS:
            joined = stem  # `./x.js` names x.ts (or x.js) as well
        # `./x` may name x.ts or x/index.ts: path_module treats both alike
        return path_module(joined + ".ts", ctx.rules.strip_dirs, ctx.rules.index_stems)

    def imports(self, ctx, caps) -> None:
        node = caps["import"][0]
        source = node.child_by_field_name("source")
        if node.type == "import_statement":
            if source is None:
                return
            spec = self.specifier(ctx, source)
            for clause in node.named_children:
                if clause.type != "import_clause":
                    continue
                for part in clause.named_children:
                    if part.type == "identifier":
                        ctx.aliases[ctx.text(part)] = f"{spec}.default"
                        ctx.ref(f"{spec}.default", part)
                    elif part.type == "namespace_import":
                        for ident in part.named_children:
                            ctx.aliases[ctx.text(ident)] = spec
                    elif part.type == "named_imports":
                        for s in part.named_children:
                            if s.type != "import_specifier":
                                continue
                            name = ctx.text(s.child_by_field_name("name"))
                            alias = s.child_by_field_name("alias")
                            ctx.aliases[ctx.text(alias) if alias else name] = f"{spec}.{name}"
                            ctx.ref(f"{spec}.{name}", s)
            return
        # export statements
        spec = self.specifier(ctx, source) if source is not None else None
        clause = next((c for c in node.named_children if c.type in ("export_clause", "namespace_export")), None)
        if clause is None:
            if spec is not None:
                ctx.link(f"{ctx.module}.*", f"{spec}.*", node)
            return
        if clause.type == "namespace_export":
            for ident in clause.named_children:
                ctx.link(f"{ctx.module}.{ctx.text(ident)}", spec, ident)
            return
        for s in clause.named_children:
            if s.type != "export_specifier":
                continue
            name = ctx.text(s.child_by_field_name("name"))
            alias = s.child_by_field_name("alias")
            exported = ctx.text(alias) if alias else name
            if spec is not None:
                ctx.link(f"{ctx.module}.{exported}", f"{spec}.{name}", s)
                ctx.ref(f"{spec}.{name}", s)
            else:
                ctx.extra["local_exports"].append((exported, name, s))

    def finish(self, ctx) -> None:
        for exported, name, node in ctx.extra["local_exports"]:
            target = ctx.aliases.get(name) or ctx.local_defs.get(name)
            if target:
                ctx.link(f"{ctx.module}.{exported}", target, node)


RESOLVER = TypeScriptResolver()
