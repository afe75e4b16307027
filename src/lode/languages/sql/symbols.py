"""SQL symbol rules: a script is a module named by its path; the objects it creates are
named under it as written (`schema.orders` keeps its schema)."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("sql", "symbols.scm"),
    scopes=frozenset(),
    locals=frozenset({"function", "view", "table"}),
    types=frozenset(),
)
