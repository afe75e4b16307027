"""Rust: the crate root is ``src/lib.rs``/``src/main.rs`` below the nearest Cargo.toml
(``src/bin/x.rs``, ``tests/x.rs``, ``examples/x.rs`` are crates of their own);
``a.rs`` and ``a/mod.rs`` are module ``a``. ``use`` trees bind aliases (``crate``,
``self``, ``super`` and child modules resolved); ``pub use`` re-exports; impl blocks
are scopes named after the implementing type."""

from __future__ import annotations

import posixpath

from ..resolver import Resolver
from .manifest import cargo_crate

_OWN_CRATES = ("bin", "tests", "examples", "benches")
# path roots that are never crate-relative, whatever the edition
_ROOTS = frozenset({"crate", "self", "super", "std", "core", "alloc", "proc_macro", "test"})
_PATH_LEAVES = frozenset({"identifier", "crate", "self", "super", "metavariable", "type_identifier"})


class RustResolver(Resolver):
    def module(self, ctx, root) -> str:
        rel_dir = posixpath.dirname(ctx.path)
        found = cargo_crate(ctx.layout, rel_dir)
        crate_dir, crate, edition = found if found is not None else ("", "crate", "2021")
        ctx.extra["edition"] = edition
        rel = ctx.path[len(crate_dir):].lstrip("/") if crate_dir else ctx.path
        parts = rel[:-3].split("/") if rel.endswith(".rs") else rel.split("/")
        if parts and parts[0] == "src":
            parts = parts[1:]
            if parts[:1] == ["bin"] and len(parts) > 1:
                crate, parts = parts[1], parts[2:]
        elif parts and parts[0] in _OWN_CRATES and len(parts) > 1:
            crate, parts = parts[1], parts[2:]
        if parts in (["lib"], ["main"]) or (parts and parts[-1] == "main" and len(parts) == 1):
            parts = []
        if parts and parts[-1] == "mod":
            parts = parts[:-1]
        module = ".".join([crate, *parts])
        ctx.extra["crate"] = crate
        ctx.extra["extern"] = set()
        ctx.extra["children"] = {ctx.text(c.child_by_field_name("name"))
                                 for c in (root.children if root is not None else ())
                                 if c.type == "mod_item" and c.child_by_field_name("name") is not None}
        ctx.define_module(module)
        return module

    # ---- paths ----------------------------------------------------------------------

    def segments(self, ctx, node) -> list[str]:
        if node is None:
            return []
        if node.type in ("scoped_identifier", "scoped_type_identifier"):
            return [*self.segments(ctx, node.child_by_field_name("path")),
                    ctx.text(node.child_by_field_name("name"))]
        if node.type == "generic_type":
            return self.segments(ctx, node.child_by_field_name("type"))
        return [ctx.text(node)]

    def absolute(self, ctx, segs: list[str], use: bool = False) -> str:
        if not segs:
            return ""
        first, rest = segs[0], segs[1:]
        if (use and ctx.extra["edition"] == "2015" and first not in _ROOTS
                and first not in ctx.extra["extern"] and not first.startswith("$")):
            return ".".join([ctx.extra["crate"], *segs])  # 2015: `use` paths start at the crate root
        if first in ("crate", "$crate"):
            head = ctx.extra["crate"]
        elif first == "self":
            head = ctx.module
        elif first == "super":
            head = ctx.module
            while first == "super":
                head = head.rpartition(".")[0] or head
                first, rest = (rest[0], rest[1:]) if rest else ("", [])
            if first:
                rest = [first, *rest]
        elif first in ctx.aliases:
            head = ctx.aliases[first]
        elif first in ctx.extra["children"]:
            head = f"{ctx.module}.{first}"
        else:
            head = first  # an extern crate (std, regex_syntax, …)
        return ".".join([head, *rest])

    # ---- imports --------------------------------------------------------------------

    def imports(self, ctx, caps) -> None:
        node = caps["import"][0]
        if node.type == "extern_crate_declaration":
            name = node.child_by_field_name("name")
            alias = node.child_by_field_name("alias")
            if name is not None:
                ctx.aliases[ctx.text(alias or name)] = ctx.text(name)
                ctx.extra["extern"].add(ctx.text(alias or name))
            return
        public = any(c.type == "visibility_modifier" for c in node.children)
        arg = node.child_by_field_name("argument")
        if arg is not None:
            self._use(ctx, arg, [], public)

    def _use(self, ctx, node, prefix: list[str], public: bool) -> None:
        t = node.type
        if t == "use_as_clause":
            segs = prefix + self.segments(ctx, node.child_by_field_name("path"))
            self._bind(ctx, ctx.text(node.child_by_field_name("alias")), segs, node, public)
        elif t == "scoped_use_list":
            path = node.child_by_field_name("path")
            lst = node.child_by_field_name("list")
            if lst is not None:
                self._use(ctx, lst, prefix + self.segments(ctx, path), public)
        elif t == "use_list":
            for child in node.named_children:
                self._use(ctx, child, prefix, public)
        elif t == "use_wildcard":
            inner = node.named_children[0] if node.named_children else None
            segs = prefix + self.segments(ctx, inner)
            if public and segs:
                ctx.link(f"{ctx.module}.*", f"{self.absolute(ctx, segs, use=True)}.*", node)
        elif t in ("scoped_identifier", "identifier", "self", "crate", "super"):
            segs = prefix + self.segments(ctx, node)
            if segs and segs[-1] == "self":
                segs = segs[:-1]
            if segs:
                self._bind(ctx, segs[-1], segs, node, public)

    def _bind(self, ctx, local: str, segs: list[str], node, public: bool) -> None:
        target = self.absolute(ctx, segs, use=True)
        if local in ("self", "_") or not target:
            return
        ctx.aliases[local] = target
        ctx.ref(target, node)
        if public:
            ctx.link(f"{ctx.module}.{local}", target, node)

    def path(self, ctx, node) -> str | None:
        if node.parent is not None and node.parent.type in ("scoped_identifier", "scoped_type_identifier",
                                                            "use_declaration", "scoped_use_list",
                                                            "use_as_clause", "use_list"):
            return None  # only the whole path (and `use` trees are imports)
        segs = self.segments(ctx, node)
        first = segs[0] if segs else ""
        if not (first in ("crate", "$crate", "self", "super") or first in ctx.aliases
                or first in ctx.extra["children"]):
            return None  # an extern crate or a local type: nothing known to point at
        if len(segs) > 2:  # `a::Type::method` also uses `a::Type`
            ctx.ref(self.absolute(ctx, segs[:-1]), node)
        return self.absolute(ctx, segs)

    # ---- types ----------------------------------------------------------------------

    def _type_segments(self, ctx, node) -> list[str] | None:
        while node is not None and node.type in ("reference_type", "pointer_type", "dynamic_type",
                                                  "abstract_type", "generic_type"):
            inner = node.child_by_field_name("type") or node.child_by_field_name("trait")
            if inner is None:
                break
            node = inner
        if node is None:
            return None
        if node.type in ("type_identifier", "scoped_type_identifier", "identifier", "scoped_identifier",
                         "primitive_type"):
            return self.segments(ctx, node)
        return None

    def impl_name(self, ctx, d, prefix) -> str:
        segs = self._type_segments(ctx, d.impl_type)
        if segs is None:
            return ctx.join(prefix, "".join(ctx.text(d.impl_type).split()))
        if len(segs) == 1 and (segs[0] not in ctx.aliases or segs[0] in ctx.defined()):
            return ctx.join(prefix, segs[0])  # a type of this file shadows an import
        return self.absolute(ctx, segs)

    def resolve(self, ctx, node) -> str:
        segs = self._type_segments(ctx, node)
        if segs is None:
            return ctx.text(node)
        if len(segs) == 1:
            name = segs[0]
            return ctx.aliases.get(name) or ctx.local_defs.get(name) or name
        return self.absolute(ctx, segs)


RESOLVER = RustResolver()
