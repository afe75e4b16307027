"""Python: the module path is the file path below the import root (the directory above
the topmost one with ``__init__.py``; namespace packages in between count); ``import``/``from … import`` bind aliases. A module
re-exports the names its ``__all__`` lists; without ``__all__``, its public
``from … import`` names (a package ``__init__``: all of them), as Python itself would
let ``module.name`` reach them."""

from __future__ import annotations

import posixpath

from ..resolver import Resolver, stem_of

_NOT_MODULE_LEVEL = frozenset({"function_definition", "class_definition", "lambda"})


class PythonResolver(Resolver):
    def module(self, ctx, root) -> str:
        rel_dir, filename = posixpath.split(ctx.path)
        stem = stem_of(filename)
        # the import root is above the topmost package directory; directories without
        # __init__.py between it and the file are namespace packages (flask/sansio/)
        ancestors = []
        d = rel_dir
        while d:
            ancestors.append(d)
            d = posixpath.dirname(d)
        top = None
        for i, d in enumerate(ancestors):
            if any(ctx.layout.exists(f"{d}/{m}") for m in ctx.rules.markers):
                top = i
        packages = [posixpath.basename(d) for d in reversed(ancestors[: top + 1])] if top is not None else []
        is_init = stem == "__init__"
        parts = packages if is_init else [*packages, stem]
        module = ".".join(parts) or posixpath.basename(rel_dir) or stem
        ctx.extra.update(is_init=is_init, package=module if is_init else module.rpartition(".")[0],
                         exports=[], stars=[], all=None)
        ctx.define_module(module)
        return module

    def _absolute(self, ctx, node) -> str:
        """The module a ``from X import`` names, relative imports resolved."""
        if node.type != "relative_import":
            return ctx.text(node)
        dots, name = 0, ""
        for child in node.children:
            if child.type == "import_prefix":
                dots = ctx.text(child).count(".")
            elif child.type == "dotted_name":
                name = ctx.text(child)
        base = ctx.extra["package"]
        for _ in range(dots - 1):
            base = base.rpartition(".")[0]
        return ".".join(p for p in (base, name) if p)

    def imports(self, ctx, caps) -> None:
        node = caps["import"][0]
        if "all" in caps:
            assignment = node if node.type == "assignment" else (node.child(0) if node.child_count else None)
            value = assignment.child_by_field_name("right") if assignment is not None else None
            if value is not None and value.type in ("list", "tuple"):
                names = [ctx.text(s).strip("'\"") for s in value.named_children if s.type == "string"]
                ctx.extra["all"] = set(names)
            return
        if node.type == "global_statement":
            _module_names_in_function(ctx, node)
            return
        top = _module_level(node)
        if node.type == "import_statement":
            for child in node.children_by_field_name("name"):
                if child.type == "aliased_import":
                    full = ctx.text(child.child_by_field_name("name"))
                    local = ctx.text(child.child_by_field_name("alias"))
                    ctx.aliases[local] = full
                    if top:
                        ctx.extra["exports"].append((local, full, child, False))
                else:
                    full = ctx.text(child)
                    first = full.split(".")[0]
                    ctx.aliases.setdefault(first, first)
                ctx.ref(full, child)
            return
        if node.type != "import_from_statement":
            return
        source = node.child_by_field_name("module_name")
        if source is None:
            return
        base = self._absolute(ctx, source)
        for child in node.named_children:
            if child.type == "wildcard_import":
                if top:
                    ctx.extra["stars"].append((base, child))
                continue
            if child == source:
                continue
            if child.type == "aliased_import":
                name = ctx.text(child.child_by_field_name("name"))
                local = ctx.text(child.child_by_field_name("alias"))
            elif child.type == "dotted_name":
                name = local = ctx.text(child)
            else:
                continue
            target = f"{base}.{name}" if base else name
            ctx.aliases[local] = target
            ctx.ref(target, child)
            if top:
                ctx.extra["exports"].append((local, target, child, True))

    def keep(self, ctx, d, short) -> bool:
        # module dunders (`__all__`, `__version__`) are not API names worth a definition
        if d.detail == "variable" and short.startswith("__"):
            return False
        # an @overload stub declares a signature; the implementation below it is the definition
        parent = d.node.parent
        if parent is not None and parent.type == "decorated_definition":
            for dec in parent.children:
                if dec.type == "decorator" and ctx.text(dec).rsplit(".", 1)[-1].strip() in ("overload", "@overload"):
                    return False
        return True

    def finish(self, ctx) -> None:
        extra = ctx.extra
        listed = extra["all"]
        for local, target, node, from_import in extra["exports"]:
            if listed is not None and local in listed:
                ctx.link(f"{ctx.module}.{local}", target, node)
            elif from_import:
                # `module.name` reaches any module-level from-import; outside __all__ (or
                # private) it is an attribute, not a re-export: a weaker candidate
                exported = listed is None and (extra["is_init"] or not local.startswith("_"))
                ctx.link(f"{ctx.module}.{local}", target, node, exported)
        if listed is not None:
            # kept with the aliases so a star import elsewhere can honour it
            ctx.aliases["__all__"] = " ".join(sorted(listed))
        if extra["is_init"] or listed is not None:
            for base, node in extra["stars"]:
                ctx.link(f"{ctx.module}.*", f"{base}.*", node)


def _module_level(node) -> bool:
    p = node.parent
    while p is not None:
        if p.type in _NOT_MODULE_LEVEL:
            return False
        p = p.parent
    return True


def _module_names_in_function(ctx, statement) -> None:
    """`global x` in a function: the `x` it assigns is the module's, not a local of the
    function (symbols.scm's ``@def.local``), so its uses there stay references."""
    function = statement.parent
    while function is not None and function.type != "function_definition":
        function = function.parent
    if function is None:
        return
    names = {ctx.text(n) for n in statement.named_children if n.type == "identifier"}
    start, end = function.start_byte, function.end_byte
    for k, d in list(ctx.defs.items()):
        if d.detail == "local" and d.name is not None and start <= d.node.start_byte < end \
                and ctx.text(d.name) in names:
            del ctx.defs[k]


RESOLVER = PythonResolver()

