"""Ruby: chunked from the grammar wheel's own tags query with the default rules; the
symbol rules beside it name what the units define."""

from ..spec import LanguageSpec, grammar, module_query

SPEC = LanguageSpec("ruby", (".rb", ".rake", ".gemspec"), grammar("tree_sitter_ruby"),
                    (module_query("tree_sitter_ruby"),))
