"""``lode lsp`` asked about documents that are not files on disk: a tab left open on a
file since deleted, a folder sent as a document, and a new buffer not yet saved. Each
gets an empty answer or one read from the buffer, never an internal error, and the
server goes on answering."""

from __future__ import annotations

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from .test_lode_lsp import doc, session, where

NEW_BUFFER = """package server

import "example.com/shop/store"

func Fresh(s *store.Store) int {
	return s.Get("k")
}
"""


def test_documents_not_on_disk(go_project):
    db, root = go_project
    gone, folder = doc(root, "server/deleted.go"), doc(root, "store")

    async def scenario(c: LanguageClient):
        at = lsp.Position(2, 4)
        assert await c.text_document_definition_async(lsp.DefinitionParams(gone, at)) is None
        assert await c.text_document_hover_async(lsp.HoverParams(gone, at)) is None
        assert await c.text_document_implementation_async(lsp.ImplementationParams(gone, at)) is None
        refs = await c.text_document_references_async(lsp.ReferenceParams(
            text_document=gone, position=at, context=lsp.ReferenceContext(include_declaration=False)))
        assert not refs
        assert not await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(gone))
        assert not await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(folder))
        assert await c.text_document_definition_async(lsp.DefinitionParams(folder, at)) is None

        # a buffer the editor opened and has not saved: read from the buffer
        fresh = doc(root, "server/fresh.go")
        c.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
            uri=fresh.uri, language_id="go", version=1, text=NEW_BUFFER)))
        defs = await c.text_document_definition_async(lsp.DefinitionParams(fresh, lsp.Position(5, 10)))
        assert where(root, defs) == {("store/store.go", 16)}
        outline = await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(fresh))
        assert [s.name for s in outline] == ["Fresh"]

        # and the server still answers for the files that are there
        defs = await c.text_document_definition_async(lsp.DefinitionParams(
            doc(root, "server/server.go"), lsp.Position(9, 17)))
        assert where(root, defs) == {("store/store.go", 16)}

    session(db, root, scenario, "--no-lsp")
