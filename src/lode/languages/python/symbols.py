"""Python symbol rules: the module path comes from the file path below the import root
(the first directory upwards without ``__init__.py``, so ``src/`` layouts work); classes
qualify their methods and nested classes; a package ``__init__`` re-exports what it
imports, limited by ``__all__`` when that is present."""

from ..spec import own_query
from ..symbolrules import SymbolRules


def local_scope(d, owner):
    """Where a parameter or local name (symbols.scm's ``@def.local``) hides the module's
    name: a lambda's body for its parameters, a comprehension for its variables, else
    the body of the nearest function around it; None (hides nothing) for a name that
    only a class body or the module holds, which is the class's or the module's own."""
    if d.detail != "local":
        return owner
    node = d.node
    if node.type == "lambda_parameters":
        return node.parent.child_by_field_name("body") or node.parent
    if node.type == "for_in_clause":
        return node.parent
    node = node.parent
    while node is not None:
        if node.type == "function_definition":
            return node.child_by_field_name("body")
        if node.type == "class_definition":
            return None
        node = node.parent
    return None

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
    # a function's body (annotations and defaults are the module's names), a lambda's
    # body, a comprehension
    type_parameter_scope=local_scope,
    # one of those that only a class body holds (`if TYPE_CHECKING:` or `try:` there): the
    # class's attribute, as the assignments directly in the body are
    class_locals="attribute",
    # `self.x = …` in a method (symbols.scm's `@def.instance`): the class's field, the
    # one `__init__` sets when it sets one; not in a file's outline, as it sits in the
    # method's body (a field is no other Python definition's detail)
    instance_members={"instance": "field"},
    constructors=frozenset({"__init__"}),
    outline_leaves_out=frozenset({"field"}),
    self_names=frozenset({"self", "cls"}),
    is_class_name=lambda name: name[:1].isupper() and not name.isupper(),
    star_exports="__all__",  # the resolver keeps a module's __all__ among its aliases
)
