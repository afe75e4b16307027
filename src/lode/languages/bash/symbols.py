"""Shell symbol rules: a script is a module named by its path; its functions are
named under it; a command naming one of the script's functions references it."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("bash", "symbols.scm"),
    scopes=frozenset(),
    locals=frozenset({"function"}),
    types=frozenset(),
    test_markers=("/test/", "/tests/", ".bats"),
)
