"""Haskell symbol rules: `module A.B where` names the module (else the file path);
a class qualifies its methods (`Data.Aeson.ToJSON.toJSON`); instances define nothing; a
data type's constructors and record fields are the module's (`Data.Aeson.Types.Object`)."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("haskell", "symbols.scm"),
    scopes=frozenset({"class"}),
    locals=frozenset({"function", "method"}),
    callables=frozenset({"method"}),
    types=frozenset({"class"}),
    # `data Fruit = Apple | Banana { weight :: Int }`: Shop.Apple, Shop.weight
    transparent_scopes=frozenset({"type", "constructor"}),
    # `newtype Money = Money Int`, `data Cart = Cart {…}`: the type and its constructor
    # share a name and are both definitions
    own_rows=frozenset({"constructor"}),
    module_nodes=frozenset({"header"}),
    strip_dirs=("src", "lib"),
    markers=("package.yaml",),
    test_markers=("/test/", "/tests/", "Spec.hs"),
)
