"""Java: chunked from the grammar wheel's own tags query (classes, interfaces, methods)
with the default rules; the symbol rules beside it name what the units define."""

from ..spec import LanguageSpec, grammar, module_query

SPEC = LanguageSpec("java", (".java",), grammar("tree_sitter_java"), (module_query("tree_sitter_java"),))
