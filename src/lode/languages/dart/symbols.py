"""Dart symbol rules: a library is a file, named by its path below `lib/`; classes,
mixins, enums and extensions qualify their members."""

from ..spec import own_query
from ..symbolrules import SymbolRules

TYPES = frozenset({"class", "mixin", "enum", "extension"})

RULES = SymbolRules(
    resolver="declared",
    query=own_query("dart", "symbols.scm"),
    scopes=TYPES,
    locals=frozenset({"function", "method", "getter", "setter", "constructor"}),
    callables=frozenset({"function", "method", "getter", "setter", "constructor"}),
    types=TYPES,
    strip_dirs=("lib",),
    markers=("pubspec.yaml",),
    test_markers=("/test/", "_test.dart"),
)
