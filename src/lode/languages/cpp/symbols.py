"""C++ symbol rules: C's global namespace (``global``, see ``c/resolver.py``) with
namespaces, classes, structs, unions and `enum class`es qualifying what they hold
(`global.fmt.detail.buffer.push_back`; ``fmt.detail.buffer.push_back`` and
``buffer.push_back`` are its trailing forms). A member defined out of line
(``void Foo::bar() {}``) belongs to Foo; a member declared in its class and defined
elsewhere has both places as candidates, the body first. Base classes are relations
(``lode impls Shape`` lists the classes deriving from it). References: calls
(``f()``, ``ns::f()``, ``a.b()``/``a->b()`` when ``a``'s declared type is written
down, ``this->b()``), type names, qualified types."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="c",
    query=own_query("cpp", "symbols.scm"),
    scopes=frozenset({"namespace", "class", "struct", "union", "enum", "impl"}),
    locals=frozenset({"function"}),
    callables=frozenset({"function", "declaration"}),
    types=frozenset({"class", "struct", "union", "enum", "impl"}),
    builtins=frozenset({"sizeof", "alignof", "decltype", "static_assert", "offsetof", "defined"}),
    test_markers=("/test/", "/tests/", "/testing/", "testdata/", "/test_", "-test.", "_test."),
    scope_nodes=frozenset({"function_definition", "lambda_expression"}),
    self_names=frozenset({"this"}),
    qualified_types=frozenset({"qualified_identifier"}),
    type_names=frozenset({"type_identifier", "qualified_identifier", "identifier"}),
    type_wrappers=frozenset({"template_type", "type_descriptor"}),
    no_type=frozenset({"void", "auto", "nullptr"}),
    optional_types=frozenset(),
)
