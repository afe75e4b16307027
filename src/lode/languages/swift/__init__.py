"""Swift: lode's tags query (the wheel's names a class after its first method).
Classes, structs, enums, actors, extensions and protocols are units; so are their
methods, initializers, subscripts and properties."""

from ..spec import DEFAULT_BODIES, LanguageSpec, grammar, own_query
from .names import extended_type

SPEC = LanguageSpec(
    name="swift",
    extensions=(".swift",),
    grammar=grammar("tree_sitter_swift"),
    queries=(own_query("swift"),),
    bodies=DEFAULT_BODIES | {"function_body", "protocol_body", "computed_property"},
    unit_names={"user_type": extended_type},  # an extension's type, arguments left out
    version=2,  # 2: `extension A.B` is named A.B (was A), `extension Foo<T>` Foo
)
