"""Swift symbol rules: a Swift module is a build target, not a file: under SwiftPM's
`Sources/<target>/` the target names the module, elsewhere types are named as written;
an extension opens its type's scope without defining it."""

from ..spec import own_query
from ..symbolrules import SymbolRules

TYPES = frozenset({"class", "struct", "enum", "actor", "protocol", "impl"})

RULES = SymbolRules(
    resolver="declared",
    query=own_query("swift", "symbols.scm"),
    scopes=TYPES,
    locals=frozenset({"function", "init", "property"}),
    callables=frozenset({"function", "init"}),
    types=TYPES,
    module_parent="Sources",  # SwiftPM: Sources/<target>/… is module <target>
    path_modules=False,
    markers=("Package.swift",),
    test_markers=("/Tests/", "/test/", "/tests/", "Tests.swift"),
)
