"""Dart: lode's tags query (the wheel's captures a method's signature without its body,
which the grammar puts beside it: here the body is a trailing sibling of the unit)."""

from ..spec import DEFAULT_ATTACHED, DEFAULT_BODIES, LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="dart",
    extensions=(".dart",),
    grammar=grammar("tree_sitter_dart"),
    queries=(own_query("dart"),),
    attached=DEFAULT_ATTACHED | {"const_builtin", "final_builtin"},
    bodies=DEFAULT_BODIES | {"extension_body", "function_body"},
    trailing=frozenset({"function_body", ";"}),
)
