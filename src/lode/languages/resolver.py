"""Language resolvers: the code that data cannot express — how a file's module is
named and what each import form binds. A language that needs one has a
``resolver.py`` in its folder exporting ``RESOLVER``, an instance of a
:class:`Resolver` subclass; its ``SymbolRules.resolver`` names the folder (or
``declared``, the data-driven resolver in :mod:`.declared` most languages share).
:func:`resolver_for` is the registry the symbol code looks them up in.

Resolvers work on the symbol code's per-file state (``lode.symbols.context``) through
the methods it offers (``text``, ``ref``, ``link``, ``define_module``, …); they do not
import the symbol code, so neither side imports the other at load time.
"""

from __future__ import annotations

import posixpath
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..symbols.context import Def, FileContext as Context


class Resolver:
    """Defaults shared by every language."""

    def module(self, ctx: Context, root) -> str:
        """The module path of ``ctx.path`` (may read ``ctx.layout``)."""
        return path_module(ctx.path, ctx.rules.strip_dirs, ctx.rules.index_stems)

    def imports(self, ctx: Context, caps: dict) -> None:
        """Record aliases, links and references for one ``@import`` match."""

    def impl_name(self, ctx: Context, d: Def, prefix: str) -> str:
        return ctx.join(prefix, ctx.text(d.impl_type)) if d.impl_type is not None else prefix

    def keep(self, ctx: Context, d: Def, short: str) -> bool:
        """Whether ``d`` is indexed under its own text ``short``. False: it is not (a
        C++ template parameter), or the resolver has added it under other names itself
        (Ruby's ``attr_accessor :name``: ``name`` and ``name=``)."""
        return True

    def resolve(self, ctx: Context, node) -> str:
        """The qualified name a type expression in this file stands for, as far as
        imports and this file's definitions tell; else its text. Type arguments are
        no part of the name (Kotlin's `: Stage<Route>()` extends `Stage`)."""
        return self.resolve_dotted(ctx, ctx.text(node).split("<", 1)[0].strip().split("."))

    def resolve_dotted(self, ctx: Context, parts: list[str]) -> str:
        first, rest = parts[0], parts[1:]
        head = ctx.aliases.get(first) or ctx.local_defs.get(first)
        if head is None:
            return ".".join(parts)
        return ".".join([head, *rest])

    def type_name(self, ctx: Context, node) -> str | None:
        """The qualified name of a type (or class) named by ``node`` when an import or
        this file's own definitions say where it is from; else None (a guess would
        make wrong references)."""
        parts = ctx.text(node).split(".")
        head = ctx.aliases.get(parts[0]) or ctx.local_defs.get(parts[0])
        if head is None or parts[0] in ctx.rules.builtins:
            return None
        return ".".join([head, *parts[1:]])

    def path(self, ctx: Context, node) -> str | None:
        """The qualified name a whole path expression names, when its head is known."""
        return None

    def unqualified(self, ctx: Context, name: str) -> str | None:
        """What an unqualified identifier that is neither an alias nor a definition of
        this file refers to (Go: the same package); None when unknown."""
        return None

    def finish(self, ctx: Context) -> None:
        """Last pass, after definitions and references."""


def path_module(path: str, strip_dirs=(), index_stems=()) -> str:
    """``src/foo/bar.ts`` → ``foo.bar``; an index stem stands for its directory."""
    parts = [p for p in path.split("/") if p]
    if not parts:
        return ""
    parts[-1] = stem_of(parts[-1])
    if len(parts) > 1 and parts[0] in strip_dirs:
        parts = parts[1:]
    if len(parts) > 1 and parts[-1] in index_stems:
        parts = parts[:-1]
    return ".".join(parts)


def stem_of(filename: str) -> str:
    """``a.test.ts`` → ``a.test``; ``types.d.ts`` → ``types``."""
    stem, _ext = posixpath.splitext(filename)
    if stem.endswith(".d"):
        stem = stem[:-2]
    return stem


_resolvers: dict[str, Resolver] = {}
# Resolvers shared by several languages, by the name their rules give.
_SHARED = {"declared": "declared"}


def resolver_for(name: str) -> Resolver:
    """The resolver a language's ``SymbolRules.resolver`` names: a shared one (``declared``)
    or the ``RESOLVER`` in ``lode/languages/<name>/resolver.py``."""
    r = _resolvers.get(name)
    if r is None:
        module = _SHARED.get(name) or f"{name}.resolver"
        r = _resolvers[name] = import_module(f"{__package__}.{module}").RESOLVER
    return r
