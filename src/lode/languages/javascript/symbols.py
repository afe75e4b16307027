"""JavaScript symbol rules: as TypeScript's, without types of its own."""

from ..spec import own_query
from ..symbolrules import SymbolRules
from ..typescript.symbols import function_around

RULES = SymbolRules(
    resolver="typescript",
    query=own_query("javascript", "symbols.scm"),
    scopes=frozenset({"class"}),
    types=frozenset({"class"}),
    markers=("package.json",),
    index_stems=("index",),
    strip_dirs=("src", "lib"),
    test_markers=(".test.", ".spec.", "/__tests__/", "/test/", "/tests/"),
    scope_nodes=frozenset({"function_declaration", "generator_function_declaration", "method_definition",
                           "arrow_function", "function_expression"}),
    override_family=True,
    # a function's parameters and declared names: names within the function around
    # them, scoped as a generic's type parameters are (a top-level name they share is
    # not the one used there)
    type_parameters=frozenset({"local"}),
    type_parameter_scope=function_around,
)
