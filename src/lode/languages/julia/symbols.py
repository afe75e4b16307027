"""Julia symbol rules: a `module` qualifies what it holds; a file `include`d into a
module has no module syntax of its own, so its top-level names are named as written."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("julia", "symbols.scm"),
    scopes=frozenset({"module"}),
    locals=frozenset({"function", "macro"}),
    types=frozenset(),
    path_modules=False,
    markers=("Project.toml",),
    test_markers=("/test/",),
)
