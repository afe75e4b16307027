"""Editors draw a symbol by its kind: a Python ``def`` in a class is a method, in the
outline (documentSymbol) and in the symbol picker (workspace/symbol). Before, both said
Function (the index's detail of any ``def``), so an editor's outline showed a class's
methods as free functions, and a hover said "(function)". Real pygls client, ``lode lsp --no-lsp``."""

from __future__ import annotations

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from .test_lode_lsp import doc, session


def test_methods_are_methods_functions_functions(python_project):
    db, root = python_project

    async def scenario(c: LanguageClient):
        outline = await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc(root, "shapes/model.py")))
        picked = await c.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="render"))
        factory = await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc(root, "shapes/factory.py")))
        # `return w.render()` with `w: Widget`
        hover = await c.text_document_hover_async(lsp.HoverParams(doc(root, "app.py"), lsp.Position(5, 14)))
        return outline, picked, factory, hover

    outline, picked, factory, hover = session(db, root, scenario, "--no-lsp")
    assert hover.contents.value.startswith("**shapes.model.Widget.render** (method)")
    kinds = {(s.container_name, s.name): s.kind for s in outline}
    assert kinds[("shapes.model", "Widget")] == lsp.SymbolKind.Class
    assert kinds[("shapes.model.Widget", "render")] == lsp.SymbolKind.Method
    assert kinds[("shapes.model.Panel", "render")] == lsp.SymbolKind.Method
    assert {s.kind for s in picked if s.name == "render"} == {lsp.SymbolKind.Method}
    assert [(s.name, s.kind) for s in factory if s.name == "make"] == [("make", lsp.SymbolKind.Function)]
