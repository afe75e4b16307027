"""C# symbol rules: a file-scoped `namespace A.B;` names the module, block namespaces
and types qualify what they hold (`Shop.Inventory.MemoryWarehouse.Reserve`)."""

from ..spec import own_query
from ..symbolrules import SymbolRules, capitalised_not_constant

RULES = SymbolRules(
    resolver="declared",
    query=own_query("csharp", "symbols.scm"),
    scopes=frozenset({"namespace", "class", "struct", "record", "interface", "enum"}),
    locals=frozenset({"method", "constructor", "property", "operator", "event"}),
    callables=frozenset({"method", "constructor"}),
    types=frozenset({"class", "struct", "record", "interface", "enum"}),
    module_nodes=frozenset({"file_scoped_namespace_declaration"}),
    path_modules=False,
    package_scoped=True,
    package_classes=capitalised_not_constant,
    builtins=frozenset({"nameof", "typeof"}),
    markers=(".csproj",),
    test_markers=("/test/", "/tests/", "Tests/", ".Tests", "Test.cs", "Tests.cs"),
)
