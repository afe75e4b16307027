"""Julia: lode's own tags query (the grammar wheel ships none). Modules, structs,
abstract types, functions (long and short form), macros and constants are units; a
docstring directly above a definition is its doc."""

from ..spec import LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="julia",
    extensions=(".jl",),
    grammar=grammar("tree_sitter_julia"),
    queries=(own_query("julia"),),
    attached=frozenset({"string_literal"}),  # docstrings
    doc_nodes=frozenset({"string_literal"}),
    bodies=frozenset({"block"}),
    max_depth=4,
)
