"""C symbol rules: one global namespace (see ``resolver.py`` for why its names read
``global.uv_loop_init``): functions, prototypes, structs, unions, enums, enumerators,
typedefs, macros and file-level variables by their bare name, struct and union fields
under their type. References: calls (functions and function-like macros), type names,
``struct s`` uses, and names passed as arguments: callbacks this file defines, macros
and enumerators (capitals) of any file."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="c",
    query=own_query("c", "symbols.scm"),
    scopes=frozenset({"struct", "union"}),
    locals=frozenset({"function"}),
    callables=frozenset({"function", "declaration"}),
    types=frozenset({"struct", "union"}),
    builtins=frozenset({"sizeof", "offsetof", "defined", "va_start", "va_end", "va_arg"}),
    # every C name is global; an argument spelled in capitals (`uv_run(loop, UV_RUN_DEFAULT)`)
    # is taken for a macro or enumerator of another file, a lowercase one for a local
    exported=lambda name: name.isupper(),
    test_markers=("/test/", "/tests/", "/testing/", "testdata/", "/test_"),
)
