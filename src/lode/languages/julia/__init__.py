"""Julia: lode's own tags query (the grammar wheel ships none). Modules, structs,
abstract types, functions (long and short form), macros and constants are units; a
docstring directly above a definition is its doc."""

from ..spec import DEFAULT_WRAPPERS, LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="julia",
    extensions=(".jl",),
    grammar=grammar("tree_sitter_julia"),
    queries=(own_query("julia"),),
    attached=frozenset({"string_literal"}),  # docstrings
    doc_nodes=frozenset({"string_literal"}),
    bodies=frozenset({"block"}),
    # `@inline function f(…) … end`: the macro call around one definition belongs to it
    wrappers=DEFAULT_WRAPPERS | {"macrocall_expression", "macro_argument_list"},
    max_depth=4,
)
