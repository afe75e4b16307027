"""``lode lsp`` driven over stdio by pygls's real LanguageClient, on Go, Python and
TypeScript fixture projects (index answers: ``--no-lsp``)."""

from __future__ import annotations

import asyncio
import sys

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient


def session(db, root, scenario, *extra):
    async def go():
        client = LanguageClient("lode-tests", "1")
        await client.start_io(sys.executable, "-c", "from lode.cli import main; main()", "lsp",
                              "--no-watch", "--db", str(db), *extra)
        await client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), root_uri=root.as_uri()))
        client.initialized(lsp.InitializedParams())
        try:
            return await asyncio.wait_for(scenario(client), 120)
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()
    return asyncio.run(go())


def doc(root, rel):
    return lsp.TextDocumentIdentifier(uri=(root / rel).as_uri())


def where(root, locations):
    """(path relative to root, 1-based line) of each location."""
    prefix = root.resolve().as_uri() + "/"
    return {(loc.uri.split(prefix, 1)[-1], loc.range.start.line + 1) for loc in locations or []}


def test_go_project(go_project):
    db, root = go_project

    async def scenario(c: LanguageClient):
        syms = await c.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="Lookup"))
        assert any(s.name == "Lookup" and s.container_name == "example.com/shop/server.Server"
                   and s.location.uri.endswith("server/server.go") for s in syms)
        # `return s.db.Get(k)`: the field's type (*store.Store) names the method
        defs = await c.text_document_definition_async(lsp.DefinitionParams(
            doc(root, "server/server.go"), lsp.Position(9, 17)))
        assert where(root, defs) == {("store/store.go", 16)}
        refs = await c.text_document_references_async(lsp.ReferenceParams(
            text_document=doc(root, "store/store.go"), position=lsp.Position(15, 17),
            context=lsp.ReferenceContext(include_declaration=False)))
        assert ("server/server.go", 10) in where(root, refs)
        # Close is Base's, promoted into Store by embedding: `s.db.Close()` uses it
        refs = await c.text_document_references_async(lsp.ReferenceParams(
            text_document=doc(root, "store/store.go"), position=lsp.Position(6, 16),
            context=lsp.ReferenceContext(include_declaration=False)))
        assert ("server/server.go", 14) in where(root, refs)
        outline = await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc(root, "store/store.go")))
        assert [s.name for s in outline] == ["Base", "Close", "Store", "Get"]
        hover = await c.text_document_hover_async(lsp.HoverParams(doc(root, "server/server.go"), lsp.Position(5, 14)))
        assert "Store keeps items" in hover.contents.value

    session(db, root, scenario, "--no-lsp")


def test_python_project(python_project):
    db, root = python_project

    async def scenario(c: LanguageClient):
        syms = await c.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="Panel"))
        assert any(s.name == "Panel" and s.location.uri.endswith("shapes/model.py") for s in syms)
        # `return w.render()` with `w: Widget`
        defs = await c.text_document_definition_async(lsp.DefinitionParams(doc(root, "app.py"), lsp.Position(5, 14)))
        assert where(root, defs) == {("shapes/model.py", 4)}
        refs = await c.text_document_references_async(lsp.ReferenceParams(
            text_document=doc(root, "shapes/model.py"), position=lsp.Position(0, 7),
            context=lsp.ReferenceContext(include_declaration=False)))
        assert {("app.py", 2), ("shapes/factory.py", 1)} <= where(root, refs)
        outline = await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc(root, "shapes/model.py")))
        assert [(s.name, s.container_name) for s in outline] == [
            ("Widget", "shapes.model"), ("render", "shapes.model.Widget"),
            ("Panel", "shapes.model"), ("render", "shapes.model.Panel")]
        hover = await c.text_document_hover_async(lsp.HoverParams(doc(root, "app.py"), lsp.Position(4, 15)))
        assert "A thing that draws" in hover.contents.value

    session(db, root, scenario, "--no-lsp")


def test_typescript_project(ts_project):
    db, root = ts_project

    async def scenario(c: LanguageClient):
        syms = await c.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="Circle"))
        assert any(s.name == "Circle" and s.location.uri.endswith("src/shape.ts") for s in syms)
        defs = await c.text_document_definition_async(lsp.DefinitionParams(doc(root, "src/main.ts"), lsp.Position(7, 12)))
        assert where(root, defs) == {("src/shape.ts", 5)}
        impls = await c.text_document_implementation_async(lsp.ImplementationParams(
            doc(root, "src/shape.ts"), lsp.Position(0, 18)))
        assert ("src/shape.ts", 5) in where(root, impls)
        refs = await c.text_document_references_async(lsp.ReferenceParams(
            text_document=doc(root, "src/shape.ts"), position=lsp.Position(6, 3),
            context=lsp.ReferenceContext(include_declaration=False)))
        assert ("src/main.ts", 9) in where(root, refs)
        outline = await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc(root, "src/shape.ts")))
        assert {"Shape", "Circle", "area"} <= {s.name for s in outline}

    session(db, root, scenario, "--no-lsp")


def test_hand_off_behind_lode_lsp(python_project, monkeypatch):
    """Without --no-lsp, lode lsp asks the real server behind it: the inferred
    `w = make(); w.render()` is found, which the index alone does not know."""
    from .conftest import need

    need("jedi-language-server")
    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    db, root = python_project

    async def scenario(c: LanguageClient):
        refs = await c.text_document_references_async(lsp.ReferenceParams(
            text_document=doc(root, "shapes/model.py"), position=lsp.Position(3, 9),
            context=lsp.ReferenceContext(include_declaration=False)))
        assert {("app.py", 6), ("app.py", 11)} <= where(root, refs)

    session(db, root, scenario)
