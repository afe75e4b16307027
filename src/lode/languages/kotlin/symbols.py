"""Kotlin symbol rules: `package a.b` names the module; classes, interfaces and objects
qualify their members; a companion object's members are named under its class."""

from ..spec import own_query
from ..symbolrules import SymbolRules, capitalised_not_constant

RULES = SymbolRules(
    resolver="kotlin",
    query=own_query("kotlin", "symbols.scm"),
    scopes=frozenset({"class", "interface", "object"}),
    locals=frozenset({"function", "property"}),
    callables=frozenset({"function"}),
    types=frozenset({"class", "interface", "object"}),
    transparent_scopes=frozenset({"companion"}),
    # parameters and locals that can be called are scoped as type parameters are: a name
    # of the definition around them, not the package's (`attempt()` calling a parameter)
    type_parameters=frozenset({"local", "type_parameter"}),
    module_nodes=frozenset({"package_header"}),
    path_modules=False,
    package_scoped=True,
    package_classes=capitalised_not_constant,
    builtins=frozenset({  # standard functions, not this package's
        "println", "print", "listOf", "mutableListOf", "mapOf", "mutableMapOf", "setOf",
        "mutableSetOf", "emptyList", "emptyMap", "emptySet", "arrayOf", "require",
        "requireNotNull", "check", "checkNotNull", "error", "TODO", "run", "let",
        "apply", "also", "with", "lazy", "repeat", "maxOf", "minOf", "buildList",
        "buildString",
        # kotlin.*'s types, visible without an import: not this package's (`Int.MAX_VALUE`)
        "Any", "Unit", "Nothing", "Int", "Long", "Short", "Byte", "Char", "Boolean", "Double",
        "Float", "String", "Array", "IntArray", "ByteArray", "CharArray", "LongArray", "List",
        "MutableList", "Map", "MutableMap", "Set", "MutableSet", "Collection", "Iterable",
        "Sequence", "Pair", "Triple", "Result", "Regex", "Comparable", "Enum", "Lazy",
        "StringBuilder", "Throwable", "Exception", "Error", "RuntimeException",
        "IllegalArgumentException", "IllegalStateException", "UnsupportedOperationException",
        "IndexOutOfBoundsException", "NoSuchElementException", "DeprecationLevel",
        "Number", "CharSequence", "Comparator", "Iterator", "MutableIterator",
        "MutableCollection", "MutableIterable", "HashMap", "HashSet", "ArrayList",
        "LinkedHashMap", "LinkedHashSet", "IntRange", "LongRange", "CharRange", "Function",
        "Annotation", "ClassCastException", "ArithmeticException", "NumberFormatException",
        # kotlin.*'s annotations and java.lang's types (visible without an import on the JVM)
        "Suppress", "Deprecated", "ReplaceWith", "OptIn", "RequiresOptIn", "PublishedApi",
        "Volatile", "Transient", "Synchronized", "Throws", "JvmStatic", "JvmField",
        "JvmOverloads", "JvmName", "JvmInline", "JvmSuppressWildcards", "DslMarker",
        "SinceKotlin", "JsExport", "JsName", "Thread", "Runnable", "System", "Math",
        "Object", "Class", "Character", "Void", "AutoCloseable", "Cloneable",
        "InterruptedException",
    }),
    markers=("build.gradle.kts", "build.gradle"),
    test_markers=("/test/", "/tests/", "jvmTest/", "commonTest/", "Test.kt"),
)
