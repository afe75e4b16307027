"""Java symbol rules: the `package a.b;` declaration names the module; classes,
interfaces, enums, records and annotation types qualify their members
(`com.google.gson.GsonBuilder.create`, `Gson.FutureTypeAdapter`)."""

from ..spec import own_query
from ..symbolrules import SymbolRules, capitalised_not_constant

RULES = SymbolRules(
    resolver="java",
    query=own_query("java", "symbols.scm"),
    scopes=frozenset({"class", "interface", "enum", "record", "annotation"}),
    locals=frozenset({"method", "constructor"}),
    callables=frozenset({"method", "constructor"}),
    types=frozenset({"class", "interface", "enum", "record", "annotation"}),
    module_nodes=frozenset({"package_declaration"}),
    type_parameters=frozenset({"type_parameter"}),
    path_modules=False,
    package_scoped=True,
    package_classes=capitalised_not_constant,
    # java.lang, visible without an import: not this package's
    builtins=frozenset({
        "Object", "String", "Integer", "Long", "Short", "Byte", "Character", "Boolean",
        "Double", "Float", "Number", "Math", "System", "Class", "Enum", "Iterable",
        "Comparable", "Runnable", "Thread", "Exception", "RuntimeException", "Error",
        "Throwable", "IllegalArgumentException", "IllegalStateException",
        "NullPointerException", "UnsupportedOperationException", "IndexOutOfBoundsException",
        "ClassCastException", "AssertionError", "StringBuilder", "Override", "Deprecated",
        "SuppressWarnings", "FunctionalInterface", "SafeVarargs", "Void", "CharSequence",
        "AutoCloseable", "Cloneable", "StackTraceElement", "ThreadLocal", "Record",
    }),
    markers=("pom.xml", "build.gradle", "build.gradle.kts"),
    test_markers=("/test/", "/tests/", "src/test/", "Test.java", "Tests.java"),
    scope_nodes=frozenset({"method_declaration", "constructor_declaration", "lambda_expression"}),
    self_names=frozenset({"this"}),
    is_class_name=lambda name: name[:1].isupper(),
    qualified_types=frozenset({"scoped_type_identifier", "scoped_identifier"}),
    type_names=frozenset({"identifier", "type_identifier", "scoped_type_identifier", "scoped_identifier"}),
    type_wrappers=frozenset({"generic_type", "array_type", "annotated_type"}),
    call_nodes=frozenset({"method_invocation"}),
    no_type=frozenset({"void", "null"}),
    optional_types=frozenset({"Optional", "java.util.Optional"}),
)
