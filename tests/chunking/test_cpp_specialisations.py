"""C++ class template specialisations are class chunks named after their template.

tree-sitter-cpp's own tags name a class by a plain `type_identifier`; a specialisation
(`template <> struct formatter<point>`) is named by a `template_type`, so before
lode's C++ tags it was no unit at all: its methods stood alone under the file
(`parse`, `format`) and its head and closing brace fell into gaps."""

from __future__ import annotations

from pathlib import Path

from lode.chunking import chunk_file
from lode.config import ChunkConfig
from lode.languages.c.names import template_name
from lode.search.tokens import name_key
from partition import assert_partition

FIXTURE = Path(__file__).parent / "fixtures" / "cpp" / "formatters.hpp"


def _chunks(config: ChunkConfig | None = None):
    text = FIXTURE.read_text(encoding="utf-8")
    chunks = chunk_file("cpp/formatters.hpp", text, config) if config else chunk_file("cpp/formatters.hpp", text)
    assert_partition(text, chunks)
    return text.encode(), chunks


def test_full_and_partial_specialisations_are_classes_named_with_their_arguments():
    data, chunks = _chunks()
    classes = [(c.name, c.line_start, c.line_end) for c in chunks if c.kind == "class"]
    assert classes == [("point", 14, 16), ("formatter", 18, 22), ("formatter<point>", 24, 31),
                       ("formatter<vector<T>, Char>", 33, 40), ("registry", 42, 45),
                       ("formatter<duration<Rep, Period>, char>", 49, 55)]
    full = next(c for c in chunks if c.name == "formatter<point>")
    assert data[full.byte_start:full.byte_end].startswith(b"/// Writes a point as \"(x, y)\".\ntemplate <> struct")
    # the breadcrumb keeps the whole declaration, qualifiers and base class included
    partial = next(c for c in chunks if c.name == "formatter<vector<T>, Char>")
    assert partial.breadcrumb.endswith(
        "template <typename T, typename Char> struct formatter<std::vector<T>, Char> : formatter<T, Char>")
    assert "element by element" in partial.embed
    outside = next(c for c in chunks if c.name == "formatter<duration<Rep, Period>, char>")
    assert "struct geo::formatter<std::chrono::duration<Rep, Period>, char>" in outside.breadcrumb


def test_a_specialisations_name_keeps_the_template_for_search():
    # search reads a name's last component after `::` or `.`: `formatter<std::chrono::…>`
    # would be keyed `duration<rep, period>, char>`; with the qualifiers left to the
    # breadcrumb the key still starts with the template's name
    _, chunks = _chunks()
    keys = {name_key(c.name) for c in chunks if c.kind == "class" and c.name.startswith("formatter")}
    assert keys == {"formatter", "formatter<point>", "formatter<vector<t>, char>",
                    "formatter<duration<rep, period>, char>"}


def test_a_split_specialisations_methods_are_named_under_it():
    _, chunks = _chunks(ChunkConfig(body_budget=120))
    methods = [(c.name, c.line_start) for c in chunks if c.kind == "function"]
    assert methods == [("formatter.formatter", 21), ("formatter<point>.parse", 26), ("formatter<point>.format", 28),
                       ("formatter<vector<T>, Char>.format", 36), ("formatter<vector<T>, Char>.format", 37),
                       ("formatter<duration<Rep, Period>, char>.format", 52),
                       ("formatter<duration<Rep, Period>, char>.format", 53)]


def test_the_header_is_labelled_by_the_namespace_head_only():
    # the label was the namespace's first 120 characters: `namespace geo { struct point
    # { double x, y; }; /// Formats values of …`, in the header's breadcrumb and embed
    _, chunks = _chunks()
    assert chunks[0].kind == "header" and chunks[0].breadcrumb == "cpp/formatters.hpp › namespace geo"


def test_a_class_ends_with_its_semicolon():
    # tree-sitter leaves the `;` after `class X { … }` a sibling: it was a one-byte gap
    data, chunks = _chunks()
    registry = next(c for c in chunks if c.name == "registry")
    assert data[registry.byte_start:registry.byte_end].endswith(b"};")
    assert data[registry.byte_start:registry.byte_end].startswith(b"class GEO_EXPORT registry {")


def test_template_names_drop_qualifiers_and_long_conditions():
    assert template_name("formatter<std::error_code>") == "formatter<error_code>"
    assert template_name("formatter<\n    std::chrono::time_point<Clock, Duration>, Char>") == \
        "formatter<time_point<Clock, Duration>, Char>"
    assert template_name("formatter<T, Char, enable_if_t<detail::type_constant<T, Char>::value != "
                         "detail::type::custom_type>>") == "formatter<T, Char, …>"
    assert template_name("hash<std::vector<std::pair<int, int>>>") == "hash<vector<pair<int, int>>>"
    assert template_name("formatter<" + ", ".join(f"argument_{i}" for i in range(12)) + ">") == \
        "formatter<" + ", ".join(f"argument_{i}" for i in range(6)) + ", …>"


_OSTREAM_TEST = '''#include <sstream>

#include "fmt/ostream.h"
#include "gtest/gtest.h"

struct test {};

namespace fmt {
template <> struct formatter<test> : formatter<int> {
  auto format(const test&, format_context& ctx) const -> decltype(ctx.out()) {
    return formatter<int>::format(42, ctx);
  }
};
}  // namespace fmt

namespace {
auto describe(std::ostream& os, test) -> std::ostream& { return os << "test"; }

auto render(test t) -> std::string { return fmt::format("{}", t); }
}  // namespace

TEST(ostream_test, specialisation) { EXPECT_EQ("42", render(test())); }
'''


def test_a_namespaces_one_definition_holds_its_head_and_its_closing_line():
    chunks = chunk_file("test/ostream-test.cc", _OSTREAM_TEST)
    assert_partition(_OSTREAM_TEST, chunks)
    spec = next(c for c in chunks if c.name == "formatter<test>")
    text = _OSTREAM_TEST[spec.byte_start:spec.byte_end]
    assert text.startswith("namespace fmt {\ntemplate <> struct formatter<test>")
    assert text.endswith("};\n}  // namespace fmt")  # no `// namespace fmt` gap left behind
    # a namespace of several definitions keeps its closing line out of the last one
    render = next(c for c in chunks if c.name == "render")
    assert _OSTREAM_TEST[render.byte_start:render.byte_end].endswith('fmt::format("{}", t); }')
    after = chunks[chunks.index(render) + 1]
    assert after.kind == "gap" and _OSTREAM_TEST[after.byte_start:after.byte_end] == "}  // namespace"
