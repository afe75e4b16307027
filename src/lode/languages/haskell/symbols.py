"""Haskell symbol rules: `module A.B where` names the module (else the file path);
a class qualifies its methods (`Data.Aeson.ToJSON.toJSON`); instances define nothing."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("haskell", "symbols.scm"),
    scopes=frozenset({"class"}),
    locals=frozenset({"function", "method"}),
    callables=frozenset({"method"}),
    types=frozenset({"class"}),
    module_nodes=frozenset({"header"}),
    strip_dirs=("src", "lib"),
    markers=("package.yaml",),
    test_markers=("/test/", "/tests/", "Spec.hs"),
)
