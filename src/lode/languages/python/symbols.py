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
    self_names=frozenset({"self", "cls"}),
    is_class_name=lambda name: name[:1].isupper() and not name.isupper(),
    star_exports="__all__",  # the resolver keeps a module's __all__ among its aliases
)
