"""Rust symbol rules: the crate root is ``src/lib.rs`` or ``src/main.rs`` under the
nearest Cargo.toml (crate name from it); ``name.rs`` and ``name/mod.rs`` are module
``name``, inline ``mod`` blocks nest; impl blocks qualify their methods by the
implementing type, trait blocks by the trait; ``pub use`` re-exports."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="rust",
    query=own_query("rust", "symbols.scm"),
    # items inside a function body are items too (`fn f() { struct S; impl S {…} }`): the
    # function qualifies them and nothing is local
    scopes=frozenset({"module", "impl", "trait", "enum", "function"}),
    locals=frozenset(),
    markers=("Cargo.toml",),
    index_stems=("mod",),
    strip_dirs=("src",),
    test_markers=("/tests/", "/benches/", "/examples/", "/test/"),
)
