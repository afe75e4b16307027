"""PHP: chunked from the grammar wheel's own tags query with the default rules; the
symbol rules beside it name what the units define."""

from ..spec import LanguageSpec, grammar, wheel_query

SPEC = LanguageSpec("php", (".php",), grammar("tree_sitter_php", "language_php"),
                    (wheel_query("tree_sitter_php", "queries/tags.scm"),))
