"""OCaml: a file is a module named by its capitalised stem (`cart.ml` is `Cart`;
folders do not qualify it unless a build tool wraps the library)."""

from __future__ import annotations

from ..resolver import Resolver, stem_of


class OcamlResolver(Resolver):
    def module(self, ctx, root) -> str:
        stem = stem_of(ctx.path.rsplit("/", 1)[-1])
        return stem[:1].upper() + stem[1:]


RESOLVER = OcamlResolver()
