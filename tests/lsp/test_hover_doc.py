"""A definition's doc shown to a person keeps its line breaks: ``lode describe`` (the CLI
as a subprocess) and hover (``lode lsp`` driven by pygls's client) show a Go comment, a
Python docstring's ``Args:`` list and a Rust ``///`` block line by line, as written, while
the chunk's embedded text (what the chunker makes) keeps the doc on one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from .conftest import write
from .test_lode_lsp import doc, session

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]

PROJECT = {
    "go.mod": "module example.com/web\n\ngo 1.21\n",
    "mux.go": '''
        package web

        // Mux is a simple HTTP route multiplexer that parses a request path,
        // records any URL params, and executes an end handler.
        //
        // It is friendly with the standard library.
        type Mux struct {
        	routes map[string]string
        }
        ''',
    "tools/convert.py": '''
        def convert(value, strict=False):
            """Convert a value to the model's type.

            Args:
                value: The value to convert.
                strict: Whether to refuse values of
                    another type.

            Returns:
                The converted value.
            """
            return value
        ''',
    "Cargo.toml": '[package]\nname = "web"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": '''
        /// Turns a value into an HTTP response.
        ///
        /// ```
        /// let r = "hi".into_response();
        /// ```
        pub trait IntoResponse {
            fn into_response(self) -> String;
        }
        ''',
}

DOCS = {
    "web.Mux": (
        "Mux is a simple HTTP route multiplexer that parses a request path,\n"
        "records any URL params, and executes an end handler.\n\n"
        "It is friendly with the standard library."),
    "convert.convert": (
        "Convert a value to the model's type.\n\n"
        "Args:\n"
        "    value: The value to convert.\n"
        "    strict: Whether to refuse values of\n"
        "        another type.\n\n"
        "Returns:\n"
        "    The converted value."),
    "web.IntoResponse": (
        "Turns a value into an HTTP response.\n\n"
        "```\n"
        'let r = "hi".into_response();\n'
        "```"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("hoverdoc")
    root = write(base / "web", PROJECT)
    db = base / "lode.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    return db, root


@pytest.mark.parametrize("name", sorted(DOCS))
def test_describe_shows_the_doc_as_written(project, name):
    db, root = project
    r = subprocess.run([*LODE, "describe", name, "--db", str(db), "--no-lsp", "--no-daemon", "--json"],
                       capture_output=True, text=True, timeout=120, cwd=root)
    assert r.returncode == 0, r.stderr
    (symbol,) = json.loads(r.stdout)["symbols"]
    # the doc as written, and only it: a trait's member signatures (the line the chunk's
    # indexed text adds after the doc) are no part of it (15e6005)
    assert symbol["doc"] == DOCS[name], symbol["doc"]


def test_the_chunk_keeps_the_doc_on_one_line(project):
    _db, root = project
    r = subprocess.run([*LODE, "chunk", str(root / "tools/convert.py"), "--json"],
                       capture_output=True, text=True, timeout=120)
    (chunk,) = [json.loads(line) for line in r.stdout.splitlines() if '"convert"' in line]
    assert "Args: value: The value to convert." in chunk["embed"]


def test_hover_shows_the_doc_as_written(project):
    db, root = project
    line = (root / "tools/convert.py").read_text().split("\n").index('def convert(value, strict=False):')

    async def scenario(c: LanguageClient):
        return await c.text_document_hover_async(lsp.HoverParams(doc(root, "tools/convert.py"),
                                                                 lsp.Position(line, 5)))

    hover = session(db, root, scenario, "--no-lsp")
    assert hover is not None
    assert DOCS["convert.convert"] in hover.contents.value, hover.contents.value


def test_a_doc_the_chunker_rewrote_stays_as_it_is():
    from lode.symbols.doclines import doc_lines

    # C#'s XML tags are dropped from the doc: its words are no longer the source's, so
    # the one-line doc stands rather than a guess
    csharp = ["/// <summary>", "/// Counts the items", "/// of a <see cref=\"Cart\"/>.", "/// </summary>",
              "public int Count() => items.Count;"]
    assert doc_lines("Counts the items of a Cart.", csharp) is None
    # Javadoc: the markers go, the lines stay
    java = ["/**", " * Returns the total of the cart,", " * taxes included.", " */", "public long total() {"]
    assert doc_lines("Returns the total of the cart, taxes included.", java) == (
        "Returns the total of the cart,\ntaxes included.")
