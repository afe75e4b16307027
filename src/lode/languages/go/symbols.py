"""Go symbol rules: the package is named by its import path (module path from the
nearest go.mod, then the directory); methods are qualified by their receiver type,
pointer or not; only capitalised names are visible to other packages."""

from typing import NamedTuple

from ..spec import own_query
from ..symbolrules import SymbolRules

FUNCTIONS = frozenset({"function_declaration", "method_declaration", "func_literal"})
# a name declared in a statement's own clause is one of that whole statement
CLAUSES = frozenset({"for_clause", "range_clause"})


class Span(NamedTuple):
    """A local's scope where no node spans it: from the end of its declaration (`url, err
    := url.Parse(s)` reads the import on its right) to the end of the block or
    statement declaring it; read as a node's byte span is."""
    start_byte: int
    end_byte: int


def local_scope(d, owner):
    """Where a parameter or a name := declares (symbols.scm's ``@def.local``) hides the
    package's name or an import: a function's body for its parameters (a function
    type's, `type H func(strings []string)`, hide nothing), else the rest of the block,
    `if` or `for` statement declaring it."""
    if d.detail != "local":
        if owner is not None and owner.type == "parameter_declaration":
            # a receiver's `(s *Set[K])`: that parameter's a local too, found around K
            # first; K is the method's
            return owner.parent.parent
        return owner
    node = d.node
    if node.type == "parameter_declaration":
        function = node.parent.parent if node.parent is not None else None
        if function is None or function.type not in FUNCTIONS:
            return None
        return function.child_by_field_name("body")
    parent = node.parent
    if parent is not None and parent.type in CLAUSES:
        parent = parent.parent
    return Span(node.end_byte, parent.end_byte) if parent is not None else None


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
    # a generic's type parameters, and a function's parameters and := names: names
    # within their scope, not the package's or an import
    type_parameters=frozenset({"type_parameter", "local"}),
    type_parameter_scope=local_scope,
    # a local is a value, never a type (`hasMethods, ok := t.(hasMethods)`) nor a package
    type_parameter_nodes={"local": frozenset({"identifier"})},
)
