"""Zig symbol rules: a file is a container named by its path; ``const X = struct {…}``
(and union, enum, opaque) qualifies the functions inside; ``@import`` binds aliases and,
when ``pub``, re-exports."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="zig",
    query=own_query("zig", "symbols.scm"),
    scopes=frozenset({"struct", "union", "enum", "opaque"}),
    locals=frozenset({"function"}),
    callables=frozenset({"function"}),
    types=frozenset({"struct", "union", "enum", "opaque"}),
    markers=("build.zig",),
    test_markers=("/test/", "/tests/", "_test.zig"),
)
