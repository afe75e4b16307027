"""One declaration naming several things defines each of them: C#'s `private readonly
string _joiner, _prefix, _postfix;` (Dapper's SqlBuilder), Haskell's `firstLine,
lastLine :: Value -> String` at its signature; and a name's default value is none of
them (Kotlin's `class Pipeline(val developmentMode: Boolean = true)`)."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE


def definitions(path: str, text: str) -> dict[str, int]:
    fs = extract_symbols(path, text, None, language_for_path(path), Layout(files={path: text}))
    return {s.name: s.line for s in fs.symbols if s.kind != REFERENCE}


def test_csharp_fields_declared_together():
    found = definitions("SqlBuilder.cs", (
        "namespace Dapper;\n\n"
        "public class Clauses : List<Clause>\n{\n"
        "    private readonly string _joiner, _prefix, _postfix;\n\n"
        "    public Clauses(string joiner, string prefix = \"\", string postfix = \"\")\n    {\n"
        "        _joiner = joiner;\n        _prefix = prefix;\n        _postfix = postfix;\n    }\n}\n"))
    assert {"Dapper.Clauses._joiner": 5, "Dapper.Clauses._prefix": 5, "Dapper.Clauses._postfix": 5}.items() \
        <= found.items()


def test_haskell_signature_of_several_functions():
    found = definitions("src/Shop/Lines.hs", (
        "module Shop.Lines where\n\n"
        "firstLine, lastLine :: String -> String\n"
        "firstLine = takeWhile (/= '\\n')\n"
        "lastLine = reverse . takeWhile (/= '\\n') . reverse\n"))
    assert found.get("Shop.Lines.firstLine") == 3 and found.get("Shop.Lines.lastLine") == 3


def test_kotlin_constructor_property_defaults_are_no_properties():
    found = definitions("HttpResponsePipeline.kt", (
        "package io.ktor.client.statement\n\n"
        "public class HttpResponsePipeline(\n"
        "    override val developmentMode: Boolean = true,\n"
        "    val converter: ContentConverter? = null,\n"
        "    val fallback: ContentConverter = defaultConverter,\n"
        ") : Pipeline<Any, HttpResponseContainer>(Receive, Parse, Transform, State, After)\n"))
    props = {name for name in found if name.startswith("io.ktor.client.statement.HttpResponsePipeline.")}
    assert props == {"io.ktor.client.statement.HttpResponsePipeline." + n
                     for n in ("developmentMode", "converter", "fallback")}
