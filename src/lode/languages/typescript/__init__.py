"""TypeScript and TSX: JavaScript's tags + TypeScript's tags + ours, for both grammars."""

from ..javascript import JS_MAX_DEPTH, JS_WRAPPERS, TS_SERVER
from ..spec import LanguageSpec, grammar, module_query, own_query, replace, wheel_query

_QUERIES = (
    module_query("tree_sitter_javascript"),
    own_query("javascript"),
    wheel_query("tree_sitter_typescript", "queries/tags.scm"),
    own_query("typescript"),
)

SPEC = LanguageSpec(
    name="typescript",
    extensions=(".ts", ".mts", ".cts"),
    grammar=grammar("tree_sitter_typescript", "language_typescript"),
    queries=_QUERIES,
    wrappers=JS_WRAPPERS,
    max_depth=JS_MAX_DEPTH,
    loose_doc=(b"/**",),
    version=2,  # 2: test blocks, JSDoc across one blank line
    servers=(TS_SERVER,),
)

TSX = replace(SPEC, name="tsx", extensions=(".tsx",),
              grammar=grammar("tree_sitter_typescript", "language_tsx"),
              folder="typescript",  # same node types: TypeScript's symbol rules
              lsp_id="typescriptreact")
