"""Lua symbol rules: a file is a module named by its path (`lua/` dropped, `init.lua`
stands for its folder); `M.f` on the conventional module table `M` is the module's
`f`; `T.f` and `T:m` on any other table are named `T.f`, `T.m`."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("lua", "symbols.scm"),
    scopes=frozenset(),
    locals=frozenset({"function", "method"}),
    callables=frozenset({"function", "method"}),
    types=frozenset(),
    strip_dirs=("lua", "src"),
    index_stems=("init",),
    test_markers=("/test/", "/tests/", "/spec/", "_spec.lua"),
)
