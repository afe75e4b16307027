"""Python symbol rules: the module path comes from the file path below the import root
(the first directory upwards without ``__init__.py``, so ``src/`` layouts work); classes
qualify their methods and nested classes; a package ``__init__`` re-exports what it
imports, limited by ``__all__`` when that is present."""

from bisect import bisect_right

from ..spec import own_query
from ..symbolrules import SymbolRules


def local_scope(d, owner, ctx=None):
    """Where a parameter or local name (symbols.scm's ``@def.local``) hides the module's
    name: a lambda's body for its parameters, a comprehension for its variables, else
    the body of the nearest function around it; None (hides nothing) for a name that
    only a class body or the module holds, which is the class's or the module's own."""
    if d.detail != "local":
        return owner
    node = d.node
    kind = node.type
    if kind == "lambda_parameters":
        return node.parent.child_by_field_name("body") or node.parent
    if kind == "for_in_clause":
        return node.parent
    if ctx is not None and not ctx.broken:  # the walk below, by position
        found = _around(ctx, node)
        if found is not _UNSET:
            return found
    node = node.parent
    while node is not None:
        if node.type == "function_definition":
            return node.child_by_field_name("body")
        if node.type == "class_definition":
            return None
        node = node.parent
    return None


_UNSET = object()


def _around(ctx, node):
    """The innermost function or class around ``node`` (its body, None for a class), as
    local_scope's walk up its parents finds it, by position: tree-sitter finds a parent
    by walking down from the root, so each step of that walk was one (by position: 2.2%
    fewer instructions in the Python symbol stage). The spans that hold the node's are its
    parents', and in a tree without an error every function is one of the query's scope
    nodes and every class one of its definitions (its name is required). _UNSET for an
    empty node, which may touch a span it lies outside of."""
    start, end = node.start_byte, node.end_byte
    if start >= end:
        return _UNSET
    index = ctx.extra.get("python.around")
    if index is None:
        index = ctx.extra["python.around"] = _around_index(ctx)
    starts, spans, up, bodies = index
    i = bisect_right(starts, start) - 1
    while i >= 0:
        s, e, function = spans[i]
        if end <= e:
            if function is None:
                return None  # a class's: its own name, or its class's
            body = bodies.get(s)
            if body is None:
                body = bodies[s] = function.child_by_field_name("body")
            return body
        i = up[i]
    return None


def _around_index(ctx) -> tuple:
    """(starts, (start, end, the function's node or None for a class) of every function
    and class in start order, the outer first, the index of the one around each (-1:
    none), a dict for the bodies local_scope reads)."""
    found = [(n.start_byte, -n.end_byte, n) for n in ctx.scope_nodes if n.type == "function_definition"]
    found.extend((d.node.start_byte, -d.node.end_byte, None) for d in ctx.defs.values() if d.detail == "class")
    found.sort(key=lambda f: (f[0], f[1]))
    spans, up, stack = [], [], []
    for start, neg_end, function in found:
        while stack and spans[stack[-1]][1] <= start:
            stack.pop()
        up.append(stack[-1] if stack else -1)
        stack.append(len(spans))
        spans.append((start, -neg_end, function))
    return [sp[0] for sp in spans], spans, up, {}


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
