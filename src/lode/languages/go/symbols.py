"""Go symbol rules: the package is named by its import path (module path from the
nearest go.mod, then the directory); methods are qualified by their receiver type,
pointer or not; only capitalised names are visible to other packages."""

from ..spec import own_query
from ..symbolrules import SymbolRules

BUILTINS = frozenset(
    "append cap clear close complex copy delete imag len make max min new panic print println "
    "real recover bool byte comparable complex64 complex128 error float32 float64 int int8 int16 "
    "int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any".split())

RULES = SymbolRules(
    resolver="go",
    query=own_query("go", "symbols.scm"),
    # receivers qualify methods; an interface qualifies the methods it lists
    scopes=frozenset({"interface"}),
    markers=("go.mod",),
    builtins=BUILTINS,
    exported=lambda name: name[:1].isupper(),
    test_markers=("_test.go", "/testdata/"),
    scope_nodes=frozenset({"function_declaration", "method_declaration", "func_literal"}),
    package_named_by_file=True,
    structural_interfaces=True,
    type_parameters=frozenset({"type_parameter"}),
)
