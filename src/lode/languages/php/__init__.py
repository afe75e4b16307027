"""PHP: chunked from lode's tags query (the grammar wheel's definitions plus enums) with
the default rules; the symbol rules beside it name what the units define."""

from ..spec import DEFAULT_BODIES, LanguageSpec, grammar, own_query

SPEC = LanguageSpec("php", (".php",), grammar("tree_sitter_php", "language_php"),
                    (own_query("php"),),
                    bodies=DEFAULT_BODIES | {"enum_declaration_list"},
                    version=2)  # 2: enums are units
