"""Objective-C (.m, .mm): C's tags and lode's C additions, plus lode's query for
`@interface`, `@implementation`, `@protocol` and their methods (the grammar wheel ships
no tags). `.h` stays C: a header's language cannot be told by its name."""

from ..spec import DEFAULT_BODIES, DEFAULT_WRAPPERS, LanguageSpec, grammar, module_query, own_query

SPEC = LanguageSpec(
    name="objc",
    extensions=(".m", ".mm"),
    grammar=grammar("tree_sitter_objc"),
    queries=(module_query("tree_sitter_c"), own_query("c"), own_query("objc")),
    wrappers=DEFAULT_WRAPPERS | {"implementation_definition"},
    bodies=DEFAULT_BODIES | {"instance_variables", "implementation_definition"},
    # The grammar gives up on a whole `@implementation` over one construct it does not
    # know (GNU-style parameter lists, macros): recovery reads each method inside it.
    recovery_blocks=((rb"@implementation\b", rb"@end\b"),),
    version=2,
)
