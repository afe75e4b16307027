"""PHP symbol rules: `namespace Monolog\\Handler;` names the module (`\\` read as `.`);
classes, interfaces, traits and enums qualify their methods, constants, properties and
cases (`Monolog.Handler.StreamHandler.write`). A class that `use`s a trait extends it
(its methods are the class's, and `impls` lists the class). Members of a value whose
type the code states are references (`$x->m()` with `Foo $x` or `$x = new Foo()`,
`$this->m()`, `self::m()`, `static::m()`, `parent::m()`, `$this->logger->log()` with a
typed property), as in the other languages;
`Helper::go()` with Helper neither imported nor defined here is the namespace's Helper."""

from ..spec import own_query
from ..symbolrules import SymbolRules, capitalised_not_constant

RULES = SymbolRules(
    resolver="php",
    query=own_query("php", "symbols.scm"),
    scopes=frozenset({"class", "interface", "trait", "enum"}),
    locals=frozenset({"function", "method"}),
    callables=frozenset({"function", "method"}),
    types=frozenset({"class", "interface", "trait", "enum"}),
    constructor_members=frozenset({"property"}),
    module_nodes=frozenset({"namespace_definition"}),
    path_modules=False,
    package_scoped=True,
    package_classes=capitalised_not_constant,
    markers=("composer.json",),
    test_markers=("/test/", "/tests/", "Test.php", "TestCase.php"),
    # what the type table reads: `Foo $x` parameters, `$x = new Foo()`, typed and promoted
    # properties, methods' result types; `$x->m()` and `$this->m()` are then references
    scope_nodes=frozenset({"method_declaration", "function_definition", "anonymous_function",
                           "anonymous_function_creation_expression", "arrow_function"}),
    self_names=frozenset({"$this", "self", "static"}),
    super_names=frozenset({"parent"}),
    variable_nodes=frozenset({"variable_name", "relative_scope"}),  # `self::`, `static::`, `parent::`
    member_fields=("name",),
    type_names=frozenset({"name", "qualified_name"}),
    type_wrappers=frozenset({"named_type", "optional_type"}),
    call_nodes=frozenset({"function_call_expression"}),
    no_type=frozenset({"null", "void", "mixed"}),
    optional_types=frozenset(),
)
