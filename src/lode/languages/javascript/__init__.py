"""JavaScript (.js .jsx .mjs .cjs): upstream tags and locals, plus test blocks
(`describe`/`it`/`test`) named by their titles."""

from ..spec import DEFAULT_WRAPPERS, LanguageServer, LanguageSpec, grammar, module_query, own_query

# `export const f = () => …`: the declarator is captured; the statement around it belongs.
JS_WRAPPERS = DEFAULT_WRAPPERS | {"lexical_declaration", "variable_declaration", "ambient_declaration"}
# Test blocks nest five tree levels per `describe`: three levels of them start at depth 16
# (measured on trpc and redux: ~5% more chunking time than depth 8).
JS_MAX_DEPTH = 16
# tsserver behind the LSP: JavaScript, TypeScript and TSX alike.
TS_SERVER = LanguageServer("typescript-language-server", ("typescript-language-server", "--stdio"))

SPEC = LanguageSpec(
    name="javascript",
    extensions=(".js", ".jsx", ".mjs", ".cjs"),
    grammar=grammar("tree_sitter_javascript"),
    queries=(module_query("tree_sitter_javascript"), own_query("javascript")),
    wrappers=JS_WRAPPERS,
    max_depth=JS_MAX_DEPTH,
    loose_doc=(b"/**",),
    version=2,  # 2: test blocks, JSDoc across one blank line
    servers=(TS_SERVER,),
)
