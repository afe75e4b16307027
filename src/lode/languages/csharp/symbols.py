"""C# symbol rules: a file-scoped `namespace A.B;` names the module, block namespaces
and types qualify what they hold (`Shop.Inventory.MemoryWarehouse.Reserve`). A bare
call `Foo()` is a method of the enclosing type or its bases (C# has no free functions):
not read as a name of the namespace."""

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
    type_parameters=frozenset({"type_parameter"}),
    path_modules=False,
    package_scoped=True,
    package_classes=capitalised_not_constant,
    builtins=frozenset({
        "nameof", "typeof",
        # System's (and System.Reflection's) most used types, named without their namespace
        # under `using System;`: not the file's own namespace's (`Math.Max`, `new
        # ArgumentNullException(…)`)
        "Object", "String", "Math", "Console", "Convert", "Environment", "Type", "Enum",
        "Array", "Nullable", "Guid", "DateTime", "DateTimeOffset", "TimeSpan", "DBNull",
        "Activator", "Buffer", "BitConverter", "Exception", "ArgumentException",
        "ArgumentNullException", "ArgumentOutOfRangeException", "InvalidOperationException",
        "InvalidCastException", "NotSupportedException", "NotImplementedException",
        "ObjectDisposedException", "FormatException", "StringComparison", "StringComparer",
        "BindingFlags", "Task", "ValueTask",
        "System", "Microsoft",  # the roots of fully qualified names (`System.Data.DbType`)
    }),
    markers=(".csproj",),
    test_markers=("/test/", "/tests/", "Tests/", ".Tests", "Test.cs", "Tests.cs"),
)
