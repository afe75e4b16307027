"""C and C++: the grammar wheels' tags plus macros and top-level variables."""

from ..spec import LanguageSpec, grammar, module_query, own_query

SPEC = LanguageSpec("c", (".c", ".h"), grammar("tree_sitter_c"),
                    (module_query("tree_sitter_c"), own_query("c")))

CPP = LanguageSpec("cpp", (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx"), grammar("tree_sitter_cpp"),
                   (module_query("tree_sitter_cpp"), own_query("c")))
