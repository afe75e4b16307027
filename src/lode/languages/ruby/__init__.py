"""Ruby: chunked from the grammar wheel's own tags query plus spec blocks (`describe`,
`context`, `it` named by their titles) with the default rules; the symbol rules beside it
name what the units define."""

from ..spec import LanguageSpec, grammar, module_query, own_query

SPEC = LanguageSpec("ruby", (".rb", ".rake", ".gemspec"), grammar("tree_sitter_ruby"),
                    (module_query("tree_sitter_ruby"), own_query("ruby")),
                    # a spec block nests three tree levels deeper than the one around it
                    max_depth=16,
                    unit_names={"simple_symbol": lambda s: s.lstrip(":")},  # describe :call is `call`
                    version=2)  # 2: spec blocks
