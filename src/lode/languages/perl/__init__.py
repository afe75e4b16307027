"""Perl: lode's own tags query (the wheel's has none). Subroutines, `package NAME {…}`
blocks and `use constant` declarations are units; POD directly above a sub is its doc."""

from ..spec import LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="perl",
    extensions=(".pl", ".pm", ".t"),
    grammar=grammar("tree_sitter_perl"),
    queries=(own_query("perl"),),
    attached=frozenset({"pod"}),
    doc_nodes=frozenset({"pod"}),
    bodies=frozenset({"block"}),
    max_depth=4,
)
