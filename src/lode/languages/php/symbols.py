"""PHP symbol rules: `namespace Monolog\\Handler;` names the module (`\\` read as `.`);
classes, interfaces, traits and enums qualify their methods, constants, properties and
cases (`Monolog.Handler.StreamHandler.write`). A class that `use`s a trait extends it
(its methods are the class's, and `impls` lists the class)."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="php",
    query=own_query("php", "symbols.scm"),
    scopes=frozenset({"class", "interface", "trait", "enum"}),
    locals=frozenset({"function", "method"}),
    callables=frozenset({"function", "method"}),
    types=frozenset({"class", "interface", "trait", "enum"}),
    module_nodes=frozenset({"namespace_definition"}),
    path_modules=False,
    package_scoped=True,
    markers=("composer.json",),
    test_markers=("/test/", "/tests/", "Test.php", "TestCase.php"),
)
