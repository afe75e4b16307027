"""Macros in front of C and C++ declarations that the grammars cannot read, as data.

A library marks its declarations with object-like macros the preprocessor expands to
attributes, keywords or nothing: fmtlib's ``FMT_CONSTEXPR auto size() const``,
``class FMT_API format_error``, ``FMT_BEGIN_NAMESPACE`` (``namespace fmt { inline
namespace v11 {``) alone on a line, libuv's ``UV_EXTERN int uv_run(…)``. tree-sitter
reads such a macro as a type name and the word after it as a second one: an ERROR node,
and with ``FMT_BEGIN_NAMESPACE`` the whole rest of the file may end up in one (fmtlib's
``format.h`` and ``color.h``). The parser skips the text these patterns match (the
spec's ``unparsed``, through included ranges: byte offsets and chunk texts stay as
written). A macro here is a word in capitals with an underscore (``FMT_API``,
``UV_EXTERN``, ``__BEGIN_DECLS``), which C and C++ types rarely are, and it is skipped
only where a declaration can begin:

- alone on a line at its start (``FMT_BEGIN_NAMESPACE``, ``FMT_END_EXPORT``), or a
  function-like one whose arguments hold a string (``FMT_PRAGMA_CLANG(diagnostic error
  "-Wreturn-stack-address")``; not ``RB_GENERATE_STATIC(tree, node, entry, cmp)``,
  whose arguments are uses of names), unless
  the next line opens or closes a block (``TEST(a, b)`` before ``{``, an enum's last
  enumerator before ``}``) or the line before continues a ``#define``;
- one or more after a blank (a line's start, ``template <…> ``, ``class ``, ``static ``)
  and before a declaration's keyword (``FMT_API void``, ``FMT_EXPORT template``,
  ``static FMT_CONSTEXPR auto``) or before a name followed by another name or ``*``
  (``UV_EXTERN uv_loop_t* uv_default_loop``), in C++ also by ``(``, ``<``, ``&``, ``{``
  or ``:`` (``FMT_CONSTEXPR basic_string_view(const Char* s)``, a constructor;
  ``class FMT_API format_error : public``); not the name a ``#define`` defines
  (``#define UV_DYNAMIC FAR WINAPI``), and not ``MY_TYPE x;`` nor C's ``static
  CONSOLE_CURSOR_INFO get_cursor_info(…)``, where the word is a type;
- between ``if`` and its condition (``if FMT_CONSTEXPR20 (…)``, ``if constexpr`` in C++17);
- between a class's closing brace and its semicolon when it names an attribute
  (``} GTEST_ATTRIBUTE_UNUSED_;``), where it would read as a variable of the class's
  type and the class go undefined.
"""

MACRO = rb"_*[A-Z][A-Z0-9]*_[A-Z0-9_]*"

# What follows a macro run when a declaration goes on: one of these keywords, or a name
# that is a type, a function or a template.
DECLARATION_KEYWORDS = (
    b"auto", b"void", b"bool", b"char", b"int", b"long", b"short", b"unsigned", b"signed",
    b"float", b"double", b"const", b"constexpr", b"consteval", b"constinit", b"inline",
    b"static", b"extern", b"virtual", b"explicit", b"friend", b"class", b"struct", b"union",
    b"enum", b"template", b"typename", b"operator", b"namespace", b"using", b"typedef",
)
_NOT_BEFORE_BLOCK = rb"(?![ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*[{}])"
# a call whose arguments hold a string: a pragma's text (`FMT_PRAGMA_CLANG(diagnostic error
# "-Wreturn-stack-address")`), not the names a declaring macro is given
# (`RB_GENERATE_STATIC(tree, node, entry, compare)`), which are uses worth keeping
_TEXT_ARGS = rb"\((?=[^()\n]*\")[^()\n]*\)"
_ALONE = (rb"(?<![^\n])(?<!\\\n)(?<!\\\r\n)" + MACRO + rb"(?:" + _TEXT_ARGS + rb")?[ \t]*\r?$"
          + _NOT_BEFORE_BLOCK)


def _prefix(after_name: bytes) -> bytes:
    """A run of macros before a declaration's keyword, or before a name followed by one
    of ``after_name``'s characters or by another name."""
    return (rb"(?<!\S)(?<!define )(?<!define\t)(?:" + MACRO + rb"[ \t]+)+(?=(?:" + b"|".join(DECLARATION_KEYWORDS)
            + rb")\b|~?[A-Za-z_]\w*+[ \t]*(?:[" + after_name + rb"]|[A-Za-z_]))")


_IF = rb"(?<=\bif )" + MACRO + rb"[ \t]*(?=\()"  # `if FMT_CONSTEXPR20 (…)`: `if constexpr` where C++17 is
# `class ScopedTrace {…} GTEST_ATTRIBUTE_UNUSED_;`: only a word naming an attribute, since
# `typedef struct {…} FILE_STAT_BASIC_INFORMATION;` names the type there
ATTRIBUTE_WORDS = (b"ATTRIBUTE", b"UNUSED", b"DEPRECATED", b"PACKED", b"ALIGNED")
_TRAILING = (rb"(?<=\} )_*[A-Z0-9_]*(?:" + b"|".join(ATTRIBUTE_WORDS) + rb")[A-Z0-9_]*(?=;)")

# the lookahead first: positions that cannot start a macro are passed over at once (a
# third of the time of trying each branch at every byte)
def _unparsed(after_name: bytes) -> bytes:
    return rb"(?=[_A-Z])(?:" + _ALONE + rb"|" + _prefix(after_name) + rb"|" + _IF + rb"|" + _TRAILING + rb")"


# C++: `FMT_CONSTEXPR basic_string_view(const Char* s)` is a constructor behind a macro.
UNPARSED_CPP = _unparsed(rb"(<*&{:")
# C has no constructors: in `static CONSOLE_CURSOR_INFO get_cursor_info(…)` the word in
# capitals is the function's type
UNPARSED_C = _unparsed(rb"*")
