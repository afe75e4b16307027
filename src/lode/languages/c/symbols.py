"""C symbol rules: one global namespace (see ``resolver.py`` for why its names read
``global.uv_loop_init``): functions, prototypes, structs, unions, enums, enumerators,
typedefs, macros and file-level variables by their bare name, struct and union fields
under their type. References: calls (functions and function-like macros), type names,
``struct s`` uses, and names passed as arguments: callbacks this file defines, macros
and enumerators (capitals) of any file.

A ``.h`` file is C by its extension, but most headers of a C++ project are C++
(``namespace fmt {``, ``template <typename T>``, ``class buffer {``): read with C's grammar
their classes, namespaces and members are lost or misnamed. ``reads_as`` sends a header
to C++'s grammar and rules (for its symbols only; its chunks stay C) when a line *starts*
with a construct C cannot have: ``namespace NAME {`` (or ``a::b {``), ``template <``,
``class NAME ... {`` on one line, ``class``/``struct NAME : public|private|protected``, or
``using namespace NAME``. Not ``extern "C++"`` nor ``class`` anywhere in a line: C
headers carry those in their ``#ifdef __cplusplus`` blocks and comments (libuv's
``uv.h``, glibc's ``string.h``). Checked against real headers: it takes 23 of fmtlib's
25 (not the C API ``fmt-c.h`` nor the one-include ``core.h``) and none of libuv's or
Go's tree's; a C header whose ``__cplusplus`` block opens a line with ``template <``
(glibc's ``math.h``) is read as C++, which parses C as well."""

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
    reads_as=("cpp", r"^[ \t]*(?:namespace[ \t]+\w+(?:::\w+)*[ \t]*\{|template[ \t]*<"
                     r"|(?:class|struct)[ \t]+\w+[ \t]*(?:final[ \t]*)?:[ \t]*(?:public|private|protected)\b"
                     r"|class[ \t]+\w+[^;{}()\n]*\{|using[ \t]+namespace[ \t]+\w)"),
)
