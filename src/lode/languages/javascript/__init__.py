"""JavaScript (.js .jsx .mjs .cjs): upstream tags and locals."""

from ..spec import DEFAULT_WRAPPERS, LanguageSpec, grammar, module_query, own_query

# `export const f = () => …`: the declarator is captured; the statement around it belongs.
JS_WRAPPERS = DEFAULT_WRAPPERS | {"lexical_declaration", "variable_declaration", "ambient_declaration"}

SPEC = LanguageSpec(
    name="javascript",
    extensions=(".js", ".jsx", ".mjs", ".cjs"),
    grammar=grammar("tree_sitter_javascript"),
    queries=(module_query("tree_sitter_javascript"), own_query("javascript")),
    wrappers=JS_WRAPPERS,
)
