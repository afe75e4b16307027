"""C and C++: the grammar wheels' tags plus macros and top-level variables (and C++'s
class template specialisations, ``cpp/tags.scm``)."""

from ..spec import LanguageSpec, grammar, module_query, own_query
from .macros import UNPARSED_C, UNPARSED_CPP
from .names import template_name

# A struct's, union's, enum's or class's `};`: tree-sitter leaves the `;` a sibling of the
# specifier, so without this it was a one-byte gap after each.
SEMICOLON = frozenset({";"})
# C++: also the `}` closing a namespace, its last definition's sibling. When that is the
# namespace's only definition, the chunk starts at `namespace fmt {` and ends with the
# `}  // namespace fmt` line (C#'s rule); after several, the line stays a gap.
CPP_TRAILING = SEMICOLON | {"}"}

SPEC = LanguageSpec("c", (".c", ".h"), grammar("tree_sitter_c"),
                    (module_query("tree_sitter_c"), own_query("c")), unparsed=UNPARSED_C,
                    trailing=SEMICOLON, version=3)

CPP = LanguageSpec("cpp", (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx"), grammar("tree_sitter_cpp"),
                   (module_query("tree_sitter_cpp"), own_query("c"), own_query("cpp")), unparsed=UNPARSED_CPP,
                   trailing=CPP_TRAILING, unit_names={"template_type": template_name}, version=5)
