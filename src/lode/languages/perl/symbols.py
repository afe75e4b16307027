"""Perl symbol rules: the file's leading `package A::B;` names the module (`A.B`; colons
are dots), else its path; subroutines are named under it."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("perl", "symbols.scm"),
    scopes=frozenset({"package"}),
    locals=frozenset({"function"}),
    types=frozenset(),
    module_nodes=frozenset({"package_statement"}),
    strip_dirs=("lib",),
    test_markers=("/t/", "/test/", ".t"),
)
