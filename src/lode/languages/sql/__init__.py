"""SQL: lode's own tags query (the grammar wheel ships none). `CREATE` statements of
tables, views, functions, indexes, types and triggers are units; other statements lie
in gaps."""

from ..spec import LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="sql",
    extensions=(".sql",),
    grammar=grammar("tree_sitter_sql"),
    queries=(own_query("sql"),),
    attached=frozenset({"marginalia"}),  # /* … */ comments
    doc_nodes=frozenset({"marginalia"}),
    bodies=frozenset({"column_definitions", "function_body"}),
    trailing=frozenset({";"}),
    max_depth=3,
)
