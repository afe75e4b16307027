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
    # The `}` closing a block namespace is its last declaration's sibling: it joins that
    # declaration (which, when the namespace's only one, starts at `namespace X {`) rather
    # than standing alone as a one-byte gap. A type's own `}` stays the type's.
    trailing=frozenset({"}"}),
    version=3,
)
