"""Rust: upstream tags (structs/enums/unions are `class`) plus impl blocks as units."""

from ..spec import LanguageServer, LanguageSpec, grammar, module_query, own_query

SPEC = LanguageSpec(
    name="rust",
    extensions=(".rs",),
    grammar=grammar("tree_sitter_rust"),
    queries=(module_query("tree_sitter_rust"), own_query("rust")),
    servers=(LanguageServer("rust-analyzer", ("rust-analyzer",)),),
    version=2,
)
