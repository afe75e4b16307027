"""C and C++: the grammar wheels' tags plus macros and top-level variables."""

from ..spec import LanguageSpec, grammar, module_query, own_query
from .macros import UNPARSED_C, UNPARSED_CPP

SPEC = LanguageSpec("c", (".c", ".h"), grammar("tree_sitter_c"),
                    (module_query("tree_sitter_c"), own_query("c")), unparsed=UNPARSED_C, version=2)

CPP = LanguageSpec("cpp", (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx"), grammar("tree_sitter_cpp"),
                   (module_query("tree_sitter_cpp"), own_query("c")), unparsed=UNPARSED_CPP, version=2)
