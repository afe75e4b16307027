"""Kotlin symbol rules: `package a.b` names the module; classes, interfaces and objects
qualify their members; a companion object's members are named under its class."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("kotlin", "symbols.scm"),
    scopes=frozenset({"class", "interface", "object"}),
    locals=frozenset({"function", "property"}),
    callables=frozenset({"function"}),
    types=frozenset({"class", "interface", "object"}),
    module_nodes=frozenset({"package_header"}),
    path_modules=False,
    markers=("build.gradle.kts", "build.gradle"),
    test_markers=("/test/", "/tests/", "jvmTest/", "commonTest/", "Test.kt"),
)
