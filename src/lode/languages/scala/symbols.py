"""Scala symbol rules: `package a.b` clauses name the module; classes, traits, objects
and enums qualify their members (a class and its companion object share a name)."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("scala", "symbols.scm"),
    scopes=frozenset({"class", "trait", "object", "enum"}),
    locals=frozenset({"function", "value", "given"}),
    callables=frozenset({"function"}),
    types=frozenset({"class", "trait", "object", "enum"}),
    module_nodes=frozenset({"package_clause"}),
    path_modules=False,
    package_scoped=True,
    builtins=frozenset({  # standard functions, not this package's
        "println", "print", "require", "assert", "Some", "None", "List", "Seq", "Map",
        "Set", "Vector", "Option", "Right", "Left"
    }),
    markers=("build.sbt",),
    test_markers=("/test/", "/tests/", "Test.scala", "Suite.scala", "Spec.scala"),
)
