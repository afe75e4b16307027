"""C and C++: the grammar wheels' tags plus macros and top-level variables (and C++'s
class template specialisations, ``cpp/tags.scm``)."""

from ..spec import LanguageSpec, grammar, module_query, own_query
from .macros import UNPARSED_C, UNPARSED_CPP
from .names import template_name

SPEC = LanguageSpec("c", (".c", ".h"), grammar("tree_sitter_c"),
                    (module_query("tree_sitter_c"), own_query("c")), unparsed=UNPARSED_C, version=2)

CPP = LanguageSpec("cpp", (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx"), grammar("tree_sitter_cpp"),
                   (module_query("tree_sitter_cpp"), own_query("c"), own_query("cpp")), unparsed=UNPARSED_CPP,
                   # a class's `};` is the class's (tree-sitter leaves the `;` a sibling)
                   trailing=frozenset({";"}), unit_names={"template_type": template_name}, version=4)
