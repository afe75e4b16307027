"""TypeScript symbol rules: the module path is the file path (``src/`` dropped, an
``index`` file stands for its directory); classes, interfaces, enums and namespaces
qualify their members; ``export … from`` re-exports."""

from ..spec import own_query
from ..symbolrules import SymbolRules

SCOPES = frozenset({"class", "interface", "namespace", "enum"})
FUNCTIONS = frozenset({"function_declaration", "generator_function_declaration", "method_definition",
                       "arrow_function", "function_expression", "generator_function"})


def function_around(d, owner, _ctx=None):
    """A parameter's or a local's scope: the function holding it, most often an arrow or
    a function expression that is no definition (`items.map((url) => url.trim())`
    inside `fetch` hides `url` in that arrow, not in all of `fetch`); with none (a block
    of top-level code), the scope found. A `catch (e)` binding: its catch clause. A
    `let` or `const`: the block holding it (a switch's cases share one), or the `for`
    loop it heads (`for (const url of urls)`); a `var` stays the function's."""
    if d.detail != "local":
        return owner
    node = d.node.parent
    if node is not None:
        kind = node.type
        if kind == "catch_clause":
            return node  # `catch (e)`: the clause's own name
        if kind == "variable_declarator":
            block = _lexical_block(node.parent)
            if block is not None:
                return block
        elif kind == "for_in_statement":
            declared = node.child_by_field_name("kind")
            if declared is not None and declared.type in BLOCK_SCOPED:
                return node  # `for (const url of urls)`: the loop's name
    while node is not None:
        if node.type in FUNCTIONS:
            return node
        node = node.parent
    return owner


BLOCK_SCOPED = frozenset({"let", "const"})
# what holds a `let`/`const` declaration → whether the name's scope is that node (True)
# or its parent (a case's names belong to the switch's whole body)
_BLOCKS = {"statement_block": True, "for_statement": True, "switch_case": False, "switch_default": False}


def _lexical_block(declaration):
    """The block a `let`/`const` declaration's names belong to, or None for a `var` or
    a declaration at the top of the file."""
    if declaration is None or declaration.type != "lexical_declaration":
        return None
    holder = declaration.parent
    own = _BLOCKS.get(holder.type) if holder is not None else None
    if own is None:
        return None
    return holder if own else holder.parent


RULES = SymbolRules(
    resolver="typescript",
    query=own_query("typescript", "symbols.scm"),
    scopes=SCOPES,
    types=frozenset({"class", "interface"}),
    markers=("package.json",),
    index_stems=("index",),
    strip_dirs=("src", "lib"),
    test_markers=(".test.", ".spec.", "/__tests__/", "/test/", "/tests/"),
    scope_nodes=frozenset({"function_declaration", "generator_function_declaration", "method_definition",
                           "arrow_function", "function_expression"}),
    override_family=True,
    signature_parameters=frozenset({"required_parameter", "optional_parameter"}),
    type_parameter_scope=function_around,
    # `constructor(private readonly client: Client)` defines the class's `client`
    constructor_members=frozenset({"property"}),
    # a function's parameters and declared names ("local") are names within the
    # function around them (function_around), as a generic's type parameters are
    type_parameters=frozenset({"type_parameter", "local"}),
    # a type parameter names a type only: a value `KeySchema` (a call, `new`) is the
    # outer one; a parameter or local names a value only (a type `Config` is the outer one)
    type_parameter_nodes={"type_parameter": frozenset({"type_identifier"}), "local": frozenset({"identifier"})},
)
