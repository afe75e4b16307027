"""Zig: lode's own tags query (the grammar wheel ships none)."""

from ..spec import DEFAULT_ATTACHED, LanguageServer, LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="zig",
    extensions=(".zig",),
    grammar=grammar("tree_sitter_zig"),
    queries=(own_query("zig"),),
    attached=DEFAULT_ATTACHED,
    servers=(LanguageServer("zls", ("zls",)),),
)
