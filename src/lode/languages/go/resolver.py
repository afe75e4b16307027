"""Go: a package is named by its import path — the module path from the nearest go.mod
plus the directory below it (``std`` and vendored trees use the bare path), else the
directory; an import binds its package name (or the alias given) to the path."""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_right

from ..resolver import Resolver
from .manifest import go_module

_VERSION = re.compile(r"^v\d+$")
_TOP_LEVEL_ONLY = frozenset({"var", "const"})  # definition details only a file's own declarations make
_DECLARATIONS = frozenset({"var_declaration", "const_declaration"})


def import_path(ctx, package: str) -> str:
    rel_dir = posixpath.dirname(ctx.path)
    found = go_module(ctx.layout, rel_dir)
    if found is not None:
        mod_dir, mod_path = found
        sub = rel_dir[len(mod_dir):].lstrip("/") if mod_dir else rel_dir
        if mod_path == "std":
            ip = sub or "std"
        else:
            ip = f"{mod_path}/{sub}" if sub else mod_path
    else:
        ip = rel_dir or package
    if "vendor/" in ip:
        ip = ip[ip.rindex("vendor/") + len("vendor/"):] or ip
    last = ip.rsplit("/", 1)[-1]
    if package.endswith("_test") and package != last and package[:-5] == last:
        ip += "_test"  # external test package
    return ip


def package_name(path: str) -> str:
    """The name an import of ``path`` binds when it gives none."""
    parts = path.split("/")
    last = parts[-1]
    if _VERSION.match(last) and len(parts) > 1:
        last = parts[-2]
    last = re.sub(r"\.v\d+$", "", last)
    if last.startswith("go-"):
        last = last[3:]
    return last.replace("-", "_").replace(".", "_")


class GoResolver(Resolver):
    def module(self, ctx, root) -> str:
        package = ""
        if root is not None:
            # by a cursor, not root.children (a node object for every top-level
            # declaration) nor root.child(i) (each walks the children from the first:
            # quadratic in the comments before the clause, 3,262 in a generated doc file);
            # the package clause comes first but for comments
            cursor = root.walk()
            found = cursor.goto_first_child()
            while found:
                child = cursor.node
                if child.type == "package_clause":
                    package = ctx.text(child).split()[-1]
                    break
                found = cursor.goto_next_sibling()
        ctx.extra["package"] = package
        ctx.extra["root"] = root  # for keep
        return import_path(ctx, package)

    def keep(self, ctx, d, short) -> bool:
        if short == "_":
            # the blank identifier declares nothing (`var _ Router = &Mux{}`, a check
            # that *Mux implements Router; `func _()`, `const _ = iota`); the names its
            # declaration uses stay references
            return False
        # symbols.scm matches var and const specs wherever they stand (a pattern rooted
        # on source_file kept query states alive over every node of a file); those in a
        # function are locals, dropped before this. A top-level one counts only in a
        # declaration that is the file's own child: not in a broken tree's ERROR node,
        # nor in the body of a method whose receiver no pattern read.
        if d.scope is not None or d.detail not in _TOP_LEVEL_ONLY:
            return True
        found = ctx.extra.get("declarations")
        if found is None:
            found = ctx.extra["declarations"] = _top_declarations(ctx.extra.get("root"))
        starts, ends = found
        start = d.node.start_byte
        i = bisect_right(starts, start) - 1
        return i >= 0 and d.node.end_byte <= ends[i]

    def imports(self, ctx, caps) -> None:
        spec = caps["import"][0]
        name = spec.child_by_field_name("name")
        path_node = spec.child_by_field_name("path")
        if path_node is None:
            return
        path = ctx.text(path_node).strip('"`')
        ctx.extra["imports_end"] = path_node.end_byte  # where symbols.hidden_imports looks from
        if name is None:
            local = package_name(path)
        else:
            local = ctx.text(name)
            if local in ("_", "."):
                return
        ctx.aliases[local] = path

    def resolve(self, ctx, node) -> str:
        if node.type == "qualified_type":
            pkg = ctx.text(node.child_by_field_name("package"))
            name = ctx.text(node.child_by_field_name("name"))
            return f"{ctx.aliases.get(pkg, pkg)}.{name}"
        return f"{ctx.module}.{ctx.text(node)}"

    def type_name(self, ctx, node) -> str | None:
        node_type = node.type  # read once: each read is a call into tree-sitter
        if node_type == "qualified_type":
            pkg = ctx.text(node.child_by_field_name("package"))
            return f"{ctx.aliases[pkg]}.{ctx.text(node.child_by_field_name('name'))}" \
                if pkg in ctx.aliases else None
        if node_type == "selector_expression":  # `pkg.NewX` called
            operand, field = node.child_by_field_name("operand"), node.child_by_field_name("field")
            pkg = ctx.text(operand) if operand is not None else ""
            return f"{ctx.aliases[pkg]}.{ctx.text(field)}" if pkg in ctx.aliases and field else None
        name = ctx.text(node)
        if name in ctx.rules.builtins or "." in name:
            return None
        return f"{ctx.module}.{name}"  # the same package, maybe another file

    def unqualified(self, ctx, name: str) -> str | None:
        return f"{ctx.module}.{name}"  # same package, maybe another file

    def finish(self, ctx) -> None:
        package = ctx.extra.get("package")
        last = ctx.module.rsplit("/", 1)[-1]
        if package and package != last:
            # `package yaml` in gopkg.in/yaml.v3, `package main` in cmd/gofmt: `yaml.X`,
            # `main.X` name it too
            ctx.link_file(f"{package}.*", f"{ctx.module}.*")


def _top_declarations(root) -> tuple[list[int], list[int]]:
    """The start and end bytes of the file's own var and const declarations, in order."""
    starts: list[int] = []
    ends: list[int] = []
    if root is not None:
        # every child is read: the list at once (child(i) walks the children from the
        # first each time, quadratic in a file of thousands of declarations)
        for child in root.children:
            if child.type in _DECLARATIONS:
                starts.append(child.start_byte)
                ends.append(child.end_byte)
    return starts, ends


RESOLVER = GoResolver()
