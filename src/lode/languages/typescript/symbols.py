"""TypeScript symbol rules: the module path is the file path (``src/`` dropped, an
``index`` file stands for its directory); classes, interfaces, enums and namespaces
qualify their members; ``export … from`` re-exports."""

from ..spec import own_query
from ..symbolrules import SymbolRules

SCOPES = frozenset({"class", "interface", "namespace", "enum"})
FUNCTIONS = frozenset({"function_declaration", "generator_function_declaration", "method_definition",
                       "arrow_function", "function_expression", "generator_function"})


def function_around(d, owner):
    """A parameter's or a local's scope: the function holding it, most often an arrow or
    a function expression that is no definition (`items.map((url) => url.trim())`
    inside `fetch` hides `url` in that arrow, not in all of `fetch`); with none (a block
    of top-level code), the scope found. A `catch (e)` binding: its catch clause."""
    if d.detail != "local":
        return owner
    node = d.node.parent
    if node is not None and node.type == "catch_clause":
        return node  # `catch (e)`: the clause's own name
    while node is not None:
        if node.type in FUNCTIONS:
            return node
        node = node.parent
    return owner


RULES = SymbolRules(
    resolver="typescript",
    query=own_query("typescript", "symbols.scm"),
    scopes=SCOPES,
    types=frozenset({"class", "interface"}),
    markers=("package.json",),
    index_stems=("index",),
    strip_dirs=("src", "lib"),
    test_markers=(".test.", ".spec.", "/__tests__/", "/test/", "/tests/"),
    scope_nodes=frozenset({"function_declaration", "generator_function_declaration", "method_definition",
                           "arrow_function", "function_expression"}),
    override_family=True,
    signature_parameters=frozenset({"required_parameter", "optional_parameter"}),
    type_parameter_scope=function_around,
    # `constructor(private readonly client: Client)` defines the class's `client`
    constructor_members=frozenset({"property"}),
    # a function's parameters and declared names ("local") are names within the
    # function around them (function_around), as a generic's type parameters are
    type_parameters=frozenset({"type_parameter", "local"}),
    # a type parameter names a type only: a value `KeySchema` (a call, `new`) is the
    # outer one; a parameter or local names a value only (a type `Config` is the outer one)
    type_parameter_nodes={"type_parameter": frozenset({"type_identifier"}), "local": frozenset({"identifier"})},
)
