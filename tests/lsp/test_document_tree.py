"""documentSymbol as a tree for an editor that takes one
(``hierarchicalDocumentSymbolSupport``): a class holds its methods, and each symbol's
range runs to where the next one at its depth starts, so an editor's outline nests and
its breadcrumbs follow the cursor. Before, every client got the flat list, each range
only the name. A client that does not say so still gets the flat list. Real pygls
client, ``lode lsp --no-lsp``."""

from __future__ import annotations

import asyncio
import sys
import textwrap

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from .conftest import indexed

LEDGER = textwrap.dedent('''\
    """Books postings."""

    import functools


    class Ledger:
        """Postings by account."""

        def __init__(self):
            self.postings = []

        def post(self, account: str, amount: int) -> None:
            self.postings.append((account, amount))


    # The balance of one account: what was posted to it.
    @functools.cache
    def balance(ledger: Ledger, account: str) -> int:
        return sum(a for acc, a in ledger.postings if acc == account)
    ''')


def outline(db, root, hierarchical: bool):
    async def go():
        client = LanguageClient("lode-tests", "1")
        await client.start_io(sys.executable, "-c", "from lode.cli import main; main()", "lsp",
                              "--no-watch", "--no-lsp", "--db", str(db))
        caps = lsp.ClientCapabilities(text_document=lsp.TextDocumentClientCapabilities(
            document_symbol=lsp.DocumentSymbolClientCapabilities(
                hierarchical_document_symbol_support=hierarchical)))
        await client.initialize_async(lsp.InitializeParams(capabilities=caps, root_uri=root.as_uri()))
        client.initialized(lsp.InitializedParams())
        try:
            return await asyncio.wait_for(client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
                lsp.TextDocumentIdentifier(uri=(root / "books" / "ledger.py").as_uri()))), 60)
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()
    return asyncio.run(go())


def _span(symbol):
    return (symbol.range.start.line + 1, symbol.range.end.line + 1)


def test_an_editor_taking_a_tree_gets_one(tmp_path_factory):
    db, root = indexed(tmp_path_factory, "tree", {"books/__init__.py": "", "books/ledger.py": LEDGER})
    lines = LEDGER.split("\n")
    at = {name: next(i for i, t in enumerate(lines, 1) if t.lstrip().startswith(f"{kw} {name}"))
          for kw, name in (("class", "Ledger"), ("def", "__init__"), ("def", "post"), ("def", "balance"))}

    symbols = outline(db, root, True)
    assert [(s.name, s.kind) for s in symbols] == [("Ledger", lsp.SymbolKind.Class),
                                                   ("balance", lsp.SymbolKind.Function)]
    ledger, balance = symbols
    assert [(c.name, c.kind) for c in ledger.children] == [("__init__", lsp.SymbolKind.Method),
                                                           ("post", lsp.SymbolKind.Method)]
    init, post = ledger.children
    # to its last line: not the blank lines, the comment and the decorator of the next one
    assert _span(ledger) == (at["Ledger"], at["post"] + 1)
    assert _span(init) == (at["__init__"], at["__init__"] + 1)
    assert _span(post) == (at["post"], at["post"] + 1)
    assert _span(balance) == (at["balance"], at["balance"] + 1)
    assert post.selection_range.start.line + 1 == at["post"]
    assert post.selection_range.start.character == lines[at["post"] - 1].index("post")
    assert ledger.range.end.character == len(lines[at["post"]])

    flat = outline(db, root, False)
    assert [(s.name, s.container_name) for s in flat] == [
        ("Ledger", "books.ledger"), ("__init__", "books.ledger.Ledger"), ("post", "books.ledger.Ledger"),
        ("balance", "books.ledger")]
