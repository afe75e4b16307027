"""C#: lode's own tags query (the grammar wheel ships none). Namespaces are not units
(a file's one class would hide inside its namespace's chunk); they qualify symbols."""

from ..spec import DEFAULT_ATTACHED, DEFAULT_BODIES, LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="csharp",
    extensions=(".cs",),
    grammar=grammar("tree_sitter_c_sharp"),
    queries=(own_query("csharp"),),
    attached=DEFAULT_ATTACHED,
    bodies=DEFAULT_BODIES | {"accessor_list", "arrow_expression_clause", "enum_member_declaration_list"},
    # The `}` closing a namespace (or a type) is the last declaration's sibling, not part of
    # it: it was a one-byte gap after a namespace's last type.
    trailing=frozenset({"}"}),
    version=2,
)
