"""OCaml symbol rules: a file is the module named by its capitalised stem; modules,
module types and classes qualify what they hold (`Cart.Price.of_euros`)."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="ocaml",
    query=own_query("ocaml", "symbols.scm"),
    scopes=frozenset({"submodule", "module_type", "class"}),
    locals=frozenset({"value", "method"}),
    callables=frozenset({"method"}),
    types=frozenset({"class"}),
    markers=("dune-project",),
    test_markers=("/test/", "/tests/", "_test.ml"),
)
