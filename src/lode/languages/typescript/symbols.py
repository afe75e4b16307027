"""TypeScript symbol rules: the module path is the file path (``src/`` dropped, an
``index`` file stands for its directory); classes, interfaces, enums and namespaces
qualify their members; ``export … from`` re-exports."""

from ..spec import own_query
from ..symbolrules import SymbolRules

SCOPES = frozenset({"class", "interface", "namespace", "enum"})

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
    # `constructor(private readonly client: Client)` defines the class's `client`
    constructor_members=frozenset({"property"}),
    type_parameters=frozenset({"type_parameter"}),
    # a type parameter names a type only: a value `KeySchema` (a call, `new`) is the outer one
    type_parameter_nodes=frozenset({"type_identifier"}),
)
