"""Language-shaped units of the languages added as folders (real grammars, realistic
snippets): what each language's rules promise, beyond the golden files."""

from __future__ import annotations

from lode.languages.spec import replace

import pytest

from lode.chunking import chunk_file
from lode.config import ChunkConfig
from lode.languages import LANGUAGES, language_for_path, text_language_for_path
from partition import assert_partition


def units(path: str, text: str, config: ChunkConfig | None = None):
    chunks = chunk_file(path, text, config) if config else chunk_file(path, text)
    assert_partition(text, chunks)
    return [c for c in chunks if c.kind not in ("header", "gap")]


def test_every_language_folder_is_registered():
    names = {s.name for s in LANGUAGES}
    assert {"csharp", "kotlin", "scala", "swift", "elixir", "haskell", "lua", "bash", "dart", "sql",
            "hcl", "ocaml", "ocaml_interface", "julia", "perl", "objc"} <= names
    for ext, name in [(".cs", "csharp"), (".kt", "kotlin"), (".scala", "scala"), (".swift", "swift"),
                      (".ex", "elixir"), (".exs", "elixir"), (".hs", "haskell"), (".lua", "lua"),
                      (".sh", "bash"), (".bats", "bash"), (".dart", "dart"), (".sql", "sql"),
                      (".tf", "hcl"), (".ml", "ocaml"), (".mli", "ocaml_interface"), (".jl", "julia"),
                      (".pm", "perl"), (".m", "objc")]:
        assert language_for_path("a" + ext).name == name


def test_elixir_clauses_of_one_function_are_one_unit_with_their_doc():
    text = ('defmodule Shop.Status do\n  @doc "The numeric code."\n  @spec code(atom) :: integer\n'
            '  def code(:ok), do: 200\n\n  def code(:not_found), do: 404\n  def code(n), do: n\n\n'
            '  defp other(x), do: x\n  defp another(x), do: other(other(other(x)))\nend\n')
    config = ChunkConfig(body_budget=120)  # split the module into its functions
    got = [(u.kind, u.name, u.line_start, u.line_end) for u in units("lib/status.ex", text, config)]
    assert ("function", "Shop.Status.code", 2, 7) in got
    assert ("function", "Shop.Status.other", 9, 9) in got
    code = next(u for u in units("lib/status.ex", text, config) if u.name == "Shop.Status.code")
    assert "The numeric code." in code.embed


def test_haskell_signature_and_equations_are_one_unit_labelled_by_the_signature():
    text = ("module Shop.Render where\n\n-- | Render a value.\nrender :: Value -> String\n"
            "render Null = \"null\"\nrender (Bool b) = show b\n\nother :: Int\nother = 1\n")
    got = units("src/Shop/Render.hs", text)
    assert [(u.name, u.line_start, u.line_end) for u in got] == [("render", 3, 6), ("other", 8, 9)]
    assert got[0].breadcrumb.endswith("render :: Value -> String")
    assert "Render a value." in got[0].embed


def test_haskell_definitions_in_a_cpp_else_branch_are_found():
    text = ("module M where\n\n#if A\nf :: Int\nf = 1\n#else\n\n-- | The other f.\ng :: Int\ng = 2\n\n"
            "h :: Int\nh = 3\n#endif\n")
    assert {u.name for u in units("M.hs", text)} >= {"f", "g", "h"}


def test_kotlin_companion_members_are_named_under_the_class():
    body = "\n".join(f"        fun f{i}(): Int = {i} + {i} + {i}" for i in range(100))
    text = f"package a\n\nclass Router {{\n    companion object {{\n{body}\n    }}\n}}\n"
    names = {u.name for u in units("Router.kt", text)}
    assert "Router.f0" in names


def test_scala_doc_after_an_indented_body_belongs_to_the_next_def():
    defs = "\n\n".join(f"  /** Doc of f{i}. */\n  def f{i}(x: Int): Int =\n    x match {{\n      case 0 => {i}\n"
                         f"      case n => n * {i} + {i}\n    }}" for i in range(60))
    text = f"object Ops {{\n{defs}\n}}\n"
    got = {u.name: u for u in units("Ops.scala", text)}
    assert "Doc of f7." in got["Ops.f7"].embed and got["Ops.f7"].line_start == got["Ops.f6"].line_end + 2


def test_scala_abstract_vars_are_labelled_by_their_own_signature():
    # Go's `const ( … )` grouping once applied to any node named var_declaration, and
    # labelled Scala's abstract `var y: Int` as "var ()"
    members = "\n".join(f"  def m{i}(a: Int): Int" for i in range(6))
    text = f"trait Counter {{\n  var count: Int\n  var label: String\n{members}\n}}\n"
    (trait,) = units("Counter.scala", text)
    assert "var count: Int; var label: String; def m0(a: Int): Int" in trait.embed


def test_swift_extensions_and_protocols_are_units():
    text = ("protocol Adapter {\n    func adapt() -> Int\n}\n\n"
            "extension Session: Adapter {\n    func adapt() -> Int { 1 }\n}\n")
    got = [(u.kind, u.name) for u in units("Session.swift", text)]
    assert got == [("protocol", "Adapter"), ("extension", "Session")]


def test_lua_local_functions_and_module_table_functions():
    text = ("local M = {}\n\nlocal function helper(x)\n  return x\nend\n\n"
            "M.merge = function(a, b)\n  return a\nend\n\nfunction M.read(path)\n  return path\nend\n\nreturn M\n")
    assert [u.name for u in units("lua/shop/util.lua", text)] == ["M", "helper", "merge", "read"]


def test_shell_functions_with_their_comments():
    text = "#!/bin/sh\nset -e\n\n# Prints to stderr.\nlog() {\n  echo \"$*\" >&2\n}\n\nfunction die {\n  log x\n}\n"
    got = units("release.sh", text)
    assert [(u.name, u.line_start) for u in got] == [("log", 4), ("die", 9)]


def test_javascript_test_blocks_nest_under_their_titles_when_split():
    its = "\n".join(f"    it('case {i}', () => {{\n      expect(run({i})).toBe({i} * {i} + {i});\n    }});"
                    for i in range(12))
    text = f"describe('Router', () => {{\n  describe('.get()', () => {{\n{its}\n  }});\n}});\n"
    got = units("test/router.test.js", text, ChunkConfig(body_budget=200))
    case = next(u for u in got if u.name == "Router..get().case 3")
    assert case.kind == "test"
    assert "describe('Router'" in case.breadcrumb and "it('case 3'" in case.breadcrumb


def test_jsdoc_one_blank_line_above_belongs_to_its_function_but_not_other_comments():
    text = ("/*!\n * shop\n * MIT Licensed\n */\n\n/**\n * Create an app.\n * @api public\n */\n\n"
            "function createApp() {}\n\n// a note\n\nfunction helper() {}\n")
    got = units("lib/app.js", text)
    assert [(u.name, u.line_start) for u in got] == [("createApp", 6), ("helper", 15)]


@pytest.mark.parametrize("path, language", [("src/main.nim", "nim"), ("api/shop.proto", "protobuf"),
                                            ("src/App.fs", "fsharp"), ("build.gradle", "groovy")])
def test_known_languages_without_a_grammar_are_text_with_their_language_named(path, language):
    if language_for_path(path) is not None:
        pytest.skip(f"{language} has a grammar now")
    assert text_language_for_path(path) == language
    chunks = chunk_file(path, "first paragraph\n\nsecond paragraph\n")
    assert [c.kind for c in chunks] and all(c.chunker.startswith("text") for c in chunks)


def test_a_grammar_that_fails_to_load_reads_its_files_as_text(monkeypatch, caplog):
    import lode.languages as languages

    def broken():
        raise OSError("cannot open shared object file")

    spec = replace(languages.language_named("lua"), name="lua-broken", extensions=(".luab",), grammar=broken)
    monkeypatch.setitem(languages._BY_EXTENSION, ".luab", spec)
    with caplog.at_level("WARNING"):
        assert language_for_path("a.luab") is None
    assert "lua-broken grammar failed to load" in caplog.text
    assert text_language_for_path("a.luab") == "lua-broken"
    chunks = chunk_file("a.luab", "local x = 1\n")
    assert chunks and chunks[0].chunker.startswith("text")


def test_a_query_the_grammar_refuses_reads_its_files_as_text(monkeypatch, caplog):
    import lode.languages as languages

    spec = replace(languages.language_named("lua"), name="lua-newer", extensions=(".luan",),
                   queries=(lambda: "(no_such_node) @definition.function",))
    monkeypatch.setitem(languages._BY_EXTENSION, ".luan", spec)
    with caplog.at_level("WARNING"):
        chunks = chunk_file("a.luan", "local x = 1\n")  # the query is compiled here, not when routing
    assert chunks and chunks[0].chunker.startswith("text")
    assert "lua-newer grammar failed to load" in caplog.text and "no_such_node" in caplog.text
    assert language_for_path("b.luan") is None and text_language_for_path("b.luan") == "lua-newer"


_CSHARP_SPLIT = '''using System.Collections.Generic;

namespace Shop.Billing
{
    /// <summary>Totals an order's lines.</summary>
    public sealed class InvoiceCalculator
    {
        private readonly Dictionary<string, decimal> _prices = new();

        public void SetPrice(string sku, decimal price)
        {
            _prices[sku] = price;
        }

        public decimal Total(IEnumerable<string> skus)
        {
            decimal total = 0;
            foreach (var sku in skus)
            {
                total += _prices.TryGetValue(sku, out var price) ? price : 0;
            }
            return total;
        }
    }
}
'''


def _braces_balance(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def test_csharp_a_split_types_closing_braces_end_its_last_members_chunk():
    config = ChunkConfig(body_budget=250)  # split the class into its members
    chunks = chunk_file("Billing/InvoiceCalculator.cs", _CSHARP_SPLIT, config)
    assert_partition(_CSHARP_SPLIT, chunks)
    total = next(c for c in chunks if c.name == "InvoiceCalculator.Total")
    assert total is chunks[-1]  # no `}` chunk of its own follows
    text = _CSHARP_SPLIT[total.byte_start:total.byte_end]
    assert text.startswith("public decimal Total(") and text.endswith("return total;\n        }\n    }\n}")


def test_csharp_a_block_namespaces_one_type_holds_both_its_braces():
    chunks = chunk_file("Billing/InvoiceCalculator.cs", _CSHARP_SPLIT)
    assert_partition(_CSHARP_SPLIT, chunks)
    assert [c.kind for c in chunks] == ["header", "class"]  # no `}` left over
    whole = chunks[1]
    text = _CSHARP_SPLIT[whole.byte_start:whole.byte_end]
    assert text.startswith("namespace Shop.Billing\n{") and _braces_balance(text)
    assert whole.embed.startswith("Billing/InvoiceCalculator.cs › public sealed class InvoiceCalculator\n"
                                  "Totals an order's lines.")


_CSHARP_HANDLERS = '''using System.Data;
using System.Xml;
using System.Xml.Linq;

namespace Shop.Storage
{
    internal abstract class XmlTypeHandler<T> : StringTypeHandler<T>
    {
        public override void SetValue(IDbDataParameter parameter, T? value)
        {
            base.SetValue(parameter, value);
            parameter.DbType = DbType.Xml;
        }
    }

    internal sealed class XDocumentHandler : XmlTypeHandler<XDocument>
    {
        protected override XDocument Parse(string xml) => XDocument.Parse(xml);
        protected override string Format(XDocument xml) => xml.ToString();
    }

    internal sealed class XElementHandler : XmlTypeHandler<XElement>
    {
        protected override XElement Parse(string xml) => XElement.Parse(xml);
        protected override string Format(XElement xml) => xml.ToString();
    }
}
'''


@pytest.mark.parametrize("budget", [None, 120])  # whole types, and the last one split
def test_csharp_a_namespaces_closing_brace_is_not_its_last_types_of_several(budget):
    config = ChunkConfig(body_budget=budget) if budget else None
    chunks = chunk_file("Storage/XmlHandlers.cs", _CSHARP_HANDLERS, config) if config \
        else chunk_file("Storage/XmlHandlers.cs", _CSHARP_HANDLERS)
    assert_partition(_CSHARP_HANDLERS, chunks)
    last = [c for c in chunks if c.name and c.name.startswith("XElementHandler")]
    text = _CSHARP_HANDLERS[last[0].byte_start:last[-1].byte_end]
    assert text.startswith("internal sealed class XElementHandler") and text.endswith("    }")
    assert _braces_balance(text)
    tail = chunks[-1]  # the namespace's `}` stands alone, as its `{` stands in the header
    assert tail.kind == "gap" and _CSHARP_HANDLERS[tail.byte_start:tail.byte_end] == "}"


_JAVA_SPLIT = '''package com.shop.billing;

import java.util.HashMap;
import java.util.Map;

/** Totals an order's lines. */
public final class InvoiceCalculator {
  private final Map<String, Long> prices = new HashMap<>();

  public void setPrice(String sku, long cents) {
    prices.put(sku, cents);
  }

  public long total(Iterable<String> skus) {
    long total = 0;
    for (String sku : skus) {
      total += prices.getOrDefault(sku, 0L);
    }
    return total;
  }
}
'''

_KOTLIN_SPLIT = '''package com.shop.billing

/** Totals an order's lines. */
class InvoiceCalculator {
    private val prices = mutableMapOf<String, Long>()

    fun setPrice(sku: String, cents: Long) {
        prices[sku] = cents
    }

    fun total(skus: Iterable<String>): Long {
        var total = 0L
        for (sku in skus) {
            total += prices[sku] ?: 0L
        }
        return total
    }
    // endregion
}
'''


@pytest.mark.parametrize("path, text, tail", [
    ("billing/InvoiceCalculator.java", _JAVA_SPLIT, "    return total;\n  }\n}"),
    ("billing/InvoiceCalculator.kt", _KOTLIN_SPLIT, "        return total\n    }\n    // endregion\n}"),
])
def test_a_split_classs_closing_brace_ends_its_last_piece_not_a_chunk_alone(path, text, tail):
    chunks = chunk_file(path, text, ChunkConfig(body_budget=150))  # split the class into its members
    assert_partition(text, chunks)
    assert [c.name for c in chunks].count("InvoiceCalculator") == 1  # its head, no `}` piece
    assert chunks[-1].name == "InvoiceCalculator.total"
    assert text[chunks[-1].byte_start:chunks[-1].byte_end].endswith(tail)


_KOTLIN_ACCESSORS = '''package shop.http

public class RequestBuilder {
    public var body: Any = EmptyContent
        @InternalAPI public set

    public var bodyType: TypeInfo?
        get() = attributes.getOrNull(BodyTypeKey)
        @InternalAPI set(value) {
            if (value != null) attributes.put(BodyTypeKey, value) else attributes.remove(BodyTypeKey)
        }

    public var timeout: Long = 0
        get() = field
        @Synchronized set

    public val attributes: Attributes = Attributes(concurrent = true)

    @OptIn(InternalAPI::class)
    public fun build(): RequestData = RequestData(url.build(), body, attributes)
}
'''


def test_kotlin_an_annotated_setter_after_an_expression_getter_keeps_the_classs_units():
    # the grammar read `@InternalAPI` as annotating the getter's expression and failed:
    # the class and every member were lost to one header chunk
    chunks = chunk_file("shop/http/RequestBuilder.kt", _KOTLIN_ACCESSORS)
    assert_partition(_KOTLIN_ACCESSORS, chunks)
    spans = {c.name: (c.line_start, c.line_end) for c in chunks if c.kind not in ("header", "gap")}
    assert spans == {"RequestBuilder": (3, 21)}
    split = chunk_file("shop/http/RequestBuilder.kt", _KOTLIN_ACCESSORS, ChunkConfig(body_budget=150))
    assert_partition(_KOTLIN_ACCESSORS, split)
    spans = {}
    for c in split:  # a member cut in pieces spans its first piece's start to its last's end
        if c.kind not in ("header", "gap", "class"):
            spans[c.name] = (spans.get(c.name, (c.line_start,))[0], c.line_end)
    assert spans == {"RequestBuilder.body": (4, 5), "RequestBuilder.bodyType": (7, 11),
                     "RequestBuilder.timeout": (13, 15), "RequestBuilder.attributes": (17, 17),
                     "RequestBuilder.build": (19, 21)}
