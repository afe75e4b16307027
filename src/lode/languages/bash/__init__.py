"""Bash and POSIX shell: lode's own tags query (the grammar wheel ships none).
Functions are units, and so are bats tests (`@test "title" { … }`, which the grammar
parses as flat commands); the commands between them are header and gaps."""

from ..spec import DEFAULT_BODIES, LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="bash",
    extensions=(".sh", ".bash", ".bats"),
    grammar=grammar("tree_sitter_bash"),
    queries=(own_query("bash"),),
    bodies=DEFAULT_BODIES | {"subshell", "compound_statement"},
    max_depth=4,
    brace_blocks=frozenset({"test"}),  # bats: `@test "title" {` … `}`
)
