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
    # The `}` closing a block namespace is its last declaration's sibling. When that
    # declaration is the namespace's only one, its chunk starts at `namespace X {` and
    # takes both braces (and a comment after the `}` on its line); after several, the
    # `}` is no one type's and stays a gap (a type ending with it reads as cut wrong).
    # A type's own `}` stays the type's.
    trailing=frozenset({"}"}),
    version=5,
)
