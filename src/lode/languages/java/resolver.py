"""Java: the package declaration names the module and single-type and static imports
bind names (the declared resolver). A type named without an import is of the file's own
package (java.lang's are builtins): a capitalised name that is neither imported nor
defined here names that package's type, also as a base type (`extends Base`). A
lowercase unqualified name is a method or variable of the enclosing class, not a
package member, and stays unresolved. A wildcard import (`import a.b.*;`) binds nothing:
which names it brings is known only to the other package's files."""

from __future__ import annotations

from ..declared import DeclaredResolver


class JavaResolver(DeclaredResolver):
    def unqualified(self, ctx, name: str) -> str | None:
        if name[:1].isupper() and name not in ctx.rules.builtins:
            return super().unqualified(ctx, name)
        return None

    def resolve(self, ctx, node) -> str:
        parts = ctx.text(node).split(".")
        first = parts[0]
        if first not in ctx.aliases and first not in ctx.local_defs:
            qualified = self.unqualified(ctx, first)
            if qualified is not None and len(parts) == 1:
                return qualified
        return self.resolve_dotted(ctx, parts)

    def type_name(self, ctx, node) -> str | None:
        found = super().type_name(ctx, node)
        if found is None:
            parts = ctx.text(node).split(".")
            if len(parts) == 1:
                return self.unqualified(ctx, parts[0])
        return found


RESOLVER = JavaResolver()
