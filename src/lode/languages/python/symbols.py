"""Python symbol rules: the module path comes from the file path below the import root
(the first directory upwards without ``__init__.py``, so ``src/`` layouts work); classes
qualify their methods and nested classes; a package ``__init__`` re-exports what it
imports, limited by ``__all__`` when that is present."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="python",
    query=own_query("python", "symbols.scm"),
    scopes=frozenset({"class"}),
    types=frozenset({"class"}),
    markers=("__init__.py", "__init__.pyi"),
    index_stems=("__init__",),
    builtins=frozenset("print len range isinstance super str int list dict set tuple type "
                       "getattr setattr hasattr object bool float repr iter next open "
                       "property staticmethod classmethod".split()),
    test_markers=("/test_", "_test.py", "/tests/", "/testing/", "conftest.py"),
    scope_nodes=frozenset({"function_definition", "lambda"}),
    # a function's parameters and assigned names: names within that function, as a
    # generic's type parameters are (a top-level name they share is not the one used)
    type_parameters=frozenset({"local"}),
    type_parameter_field="body",  # annotations and defaults are the module's names
    self_names=frozenset({"self", "cls"}),
    is_class_name=lambda name: name[:1].isupper() and not name.isupper(),
    star_exports="__all__",  # the resolver keeps a module's __all__ among its aliases
)
