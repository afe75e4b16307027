"""Kotlin: lode's own tags query (the grammar wheel ships none). Objects and companion
objects are units; a companion's members are named under its class (`Router.create`)."""

from ..spec import DEFAULT_ATTACHED, DEFAULT_BODIES, LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="kotlin",
    extensions=(".kt", ".kts"),
    grammar=grammar("tree_sitter_kotlin"),
    queries=(own_query("kotlin"),),
    bodies=DEFAULT_BODIES | {"function_body"},
    # an annotation on a line of its own above a top-level declaration (`@OptIn(…)`) is
    # parsed as an expression statement beside it: it belongs to the declaration
    attached=DEFAULT_ATTACHED | {"annotated_expression"},
)
