"""PHP: `namespace A\\B;` names the module (namespaces separated by dots, as every
qualified name here); `use A\\B\\C [as D];`, `use A\\{B, C};`, `use function …` and
`use const …` bind names. A name is resolved as PHP does for classes: `\\A\\B` is
absolute, `A\\B` starts from an imported `A` (else the current namespace), and a bare
capitalised `B` neither imported nor defined here is the current namespace's. A bare
lowercase name is a function that PHP looks up in the namespace, then globally: it stays
unresolved rather than guessed."""

from __future__ import annotations

from ..declared import DeclaredResolver


class PhpResolver(DeclaredResolver):
    def module(self, ctx, root) -> str:
        return super().module(ctx, root).replace("\\", ".").strip(".")

    def imports(self, ctx, caps) -> None:
        node = caps["import"][0]
        prefix = ""
        group = None
        for child in node.named_children:
            if child.type == "namespace_name":  # `use A\{B, C}`: the group's prefix
                prefix = _dotted(ctx.text(child))
            elif child.type == "namespace_use_group":
                group = child
        clauses = [c for c in (group or node).named_children if c.type == "namespace_use_clause"]
        for clause in clauses:
            alias = clause.child_by_field_name("alias")
            named = [c for c in clause.named_children if c.type in ("name", "qualified_name") and c != alias]
            if not named:
                continue
            path = _dotted(ctx.text(named[0]))
            if prefix:
                path = f"{prefix}.{path}"
            local = ctx.text(alias) if alias is not None else path.rsplit(".", 1)[-1]
            if local:  # `use Throwable;` too: the global class, not this namespace's
                ctx.aliases[local] = path
            ctx.ref(path, named[0])

    def resolve(self, ctx, node) -> str:
        return self.qualify(ctx, ctx.text(node)) or _dotted(ctx.text(node))

    def type_name(self, ctx, node) -> str | None:
        text = ctx.text(node)
        if text.startswith("$"):
            return None
        return self.qualify(ctx, text)

    def unqualified(self, ctx, name: str) -> str | None:
        return self.qualify(ctx, name)

    def qualify(self, ctx, text: str) -> str | None:
        """The qualified name a class or function name written in this file stands for."""
        if text.startswith("\\"):
            return _dotted(text)
        head, sep, rest = text.partition("\\")
        bound = ctx.aliases.get(head) or ctx.local_defs.get(head)
        if bound is None:
            if not head[:1].isupper() or head in ctx.rules.builtins:
                return None  # a function: this namespace's or a global one, unknown here
            bound = f"{ctx.module}.{head}" if ctx.module else head
        return f"{bound}.{_dotted(rest)}" if sep else bound


def _dotted(text: str) -> str:
    return "".join(text.split()).replace("\\", ".").strip(".")


RESOLVER = PhpResolver()
