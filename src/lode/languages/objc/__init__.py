"""Objective-C (.m, .mm): C's tags and lode's C additions, plus lode's query for
`@interface`, `@implementation`, `@protocol` and their methods (the grammar wheel ships
no tags). `.h` stays C: a header's language cannot be told by its name."""

from ..spec import DEFAULT_BODIES, DEFAULT_WRAPPERS, LanguageSpec, grammar, module_query, own_query

UNPARSED_MACROS = (
    rb"(?:NS|CF)_ASSUME_NONNULL_(?:BEGIN|END)",  # Apple's nullability regions
    rb"CF_EXTERN_C_(?:BEGIN|END)",
    rb"GS_EXPORT_CLASS", rb"GS_ROOT_CLASS",  # GNUstep's class attributes
    rb"GS_PRIVATE_INTERNAL\(\w+\)",  # GNUstep's ivar-hiding declaration
)

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
    # Macros alone on their line or before `@interface` that the grammar reads as the
    # start of a declaration, taking the `@interface` or `@implementation` with it.
    unparsed=rb"^[ \t]*(?:" + rb"|".join(UNPARSED_MACROS) + rb")(?=[ \t]*$|[ \t]+@(?:interface|implementation)\b)",
    version=2,
)
