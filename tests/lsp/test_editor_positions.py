"""``lode lsp`` as an editor sees it, on a store that also holds another project (the
user's one store): ranges cover the name (0-based UTF-16 columns, checked against the
file text), and workspace symbols come from the editor's project."""

from __future__ import annotations

import pytest
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from .conftest import write
from .test_lode_lsp import doc, session

WEB = {
    "go.mod": "module example.com/web\n\ngo 1.21\n",
    "param.go": '''
        package web

        import "net/http"

        // Param returns the named URL parameter of a request.
        func Param(r *http.Request, key string) string {
        	return r.URL.Query().Get(key)
        }
        ''',
    "cmd/app/main.go": '''
        package main

        import (
        	"fmt"
        	"net/http"

        	"example.com/web"
        )

        func show(w http.ResponseWriter, r *http.Request) {
        	fmt.Fprintln(w, "héllo 🚀", web.Param(r, "id"))
        }

        func main() {
        	http.HandleFunc("/", show)
        }
        ''',
}

# another project in the same store, with a function of the same name
OTHER = {
    "go.mod": "module example.com/other\n\ngo 1.21\n",
    "query.go": '''
        package other

        // Param reads a query parameter.
        func Param(name string) string { return name }
        ''',
}


@pytest.fixture(scope="module")
def two_projects(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("editor")
    web, other = write(base / "web", WEB), write(base / "other", OTHER)
    db = base / "lode.db"
    with Service(str(db)) as svc:
        for root in (web, other):
            svc.add_workspace(str(root))
            svc.index(str(root), embed=False)
    return db, web, other


def covered(root, location) -> str:
    """The text a location's range covers, cut from the file by UTF-16 columns."""
    path = location.uri.split("file://", 1)[1]
    line = open(path, encoding="utf-8").read().split("\n")[location.range.start.line]
    units = line.encode("utf-16-le")
    return units[location.range.start.character * 2:location.range.end.character * 2].decode("utf-16-le")


def test_reference_ranges_cover_the_name(two_projects):
    db, web, _other = two_projects
    main_lines = (web / "cmd/app/main.go").read_text().split("\n")
    use_line = next(i for i, t in enumerate(main_lines) if "web.Param(" in t)

    async def scenario(c: LanguageClient):
        return await c.text_document_references_async(lsp.ReferenceParams(
            text_document=doc(web, "param.go"), position=lsp.Position(5, 6),
            context=lsp.ReferenceContext(include_declaration=True)))

    refs = session(db, web, scenario, "--no-lsp")
    use = [r for r in refs if r.uri.endswith("cmd/app/main.go")]
    assert [r.range.start.line for r in use] == [use_line]
    # `web.Param(` after "héllo 🚀" (the rocket is two UTF-16 units): the name, not `web`
    assert covered(web, use[0]) == "Param"
    line = main_lines[use_line]
    assert use[0].range.start.character == len(line[:line.index("Param(")].encode("utf-16-le")) // 2
    assert all(covered(web, r) == "Param" for r in refs)


def test_workspace_symbols_are_the_editors_project(two_projects):
    db, web, _other = two_projects

    async def scenario(c: LanguageClient):
        return await c.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="Param"))

    symbols = session(db, web, scenario, "--no-lsp")
    assert symbols and all(s.location.uri.startswith(web.resolve().as_uri() + "/") for s in symbols)
    assert any(s.name == "Param" and s.location.uri.endswith("/param.go") for s in symbols)


def test_hover_from_a_language_server_is_not_repeated(python_project, monkeypatch):
    """Behind lode lsp, jedi-language-server's hover holds the signature and the docstring:
    the index's own copy of them is left out, not shown a second time."""
    from .conftest import need

    need("jedi-language-server")
    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    db, root = python_project

    async def scenario(c: LanguageClient):
        # `def typed(w: Widget)`: the cursor on Widget
        return await c.text_document_hover_async(lsp.HoverParams(doc(root, "app.py"), lsp.Position(4, 15)))

    hover = session(db, root, scenario)
    text = hover.contents.value
    assert "class Widget()" in text  # jedi-language-server answered
    assert text.count("A thing that draws") == 1, text
    assert "shapes/model.py:1" in text  # where it is defined, from the index


SHOP = {
    "shop/__init__.py": "from .routing import APIRouter\n\n__all__ = [\"APIRouter\"]\n",
    "shop/routing.py": '''
        class APIRouter:
            """Groups path operations."""

            def include_router(self, other: "APIRouter") -> None:
                self.routes = other.routes
        ''',
    "tests/test_users.py": '''
        from shop import APIRouter

        def test_users():
            assert APIRouter()
        ''',
    "tests/test_items.py": '''
        from shop import APIRouter

        def test_items():
            assert APIRouter()
        ''',
}


def indexed_shop(tmp_path):
    """(store, root) of the SHOP project, indexed without vectors."""
    from lode.service import Service

    root = write(tmp_path / "shop", SHOP)
    db = tmp_path / "lode.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    return db, root


def test_a_class_imported_in_many_modules_is_one_workspace_symbol(tmp_path):
    db, root = indexed_shop(tmp_path)

    async def scenario(c: LanguageClient):
        return await c.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="APIRouter"))

    symbols = session(db, root, scenario, "--no-lsp")
    classes = [(s.name, s.container_name, s.location.uri.rsplit("/", 2)[-2:]) for s in symbols
               if s.name == "APIRouter"]
    assert classes == [("APIRouter", "shop.routing", ["shop", "routing.py"])]


def test_a_module_symbol_marks_no_word_of_its_file(tmp_path):
    """A module is its whole file: its location is the file's start, with no word of
    the first line (`class`, `import`) marked as if it were the module's name."""
    db, root = indexed_shop(tmp_path)

    async def scenario(c: LanguageClient):
        return await c.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="routing"))

    symbols = session(db, root, scenario, "--no-lsp")
    modules = [s for s in symbols if s.kind == lsp.SymbolKind.Module and s.name == "routing"]
    assert [m.location.uri.rsplit("/", 2)[-2:] for m in modules] == [["shop", "routing.py"]]
    assert modules[0].location.range == lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))


def test_a_word_the_index_cannot_name_is_asked_of_the_language_server(python_project, monkeypatch):
    """`w = make(); w.render()`: the index does not know what make() returns, so it
    cannot name `render`; behind lode lsp, the real server is asked at the editor's
    position (the index alone answered nothing)."""
    from .conftest import need

    need("jedi-language-server")
    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    db, root = python_project
    lines = (root / "app.py").read_text().split("\n")
    call = max(i for i, t in enumerate(lines) if "w.render()" in t)  # the one in inferred()
    at = lsp.Position(call, lines[call].index("render") + 1)

    async def scenario(c: LanguageClient):
        defs = await c.text_document_definition_async(lsp.DefinitionParams(doc(root, "app.py"), at))
        hover = await c.text_document_hover_async(lsp.HoverParams(doc(root, "app.py"), at))
        return defs, hover

    defs, hover = session(db, root, scenario)
    model = (root / "shapes/model.py").read_text().split("\n")
    assert [(d.uri.rsplit("/", 2)[-2:], d.range.start.line) for d in defs] == [
        (["shapes", "model.py"], next(i for i, t in enumerate(model) if "def render" in t))]
    assert hover is not None and "render" in str(hover.contents)


def test_positions_are_utf16_even_when_the_client_prefers_utf8(two_projects):
    """Neovim offers UTF-8 first: lode answers in UTF-16 (every client supports it) and
    says so, rather than announcing UTF-8 and counting UTF-16 units."""
    import asyncio
    import sys

    db, web, _other = two_projects

    async def go():
        client = LanguageClient("lode-tests", "1")
        await client.start_io(sys.executable, "-c", "from lode.cli import main; main()", "lsp",
                              "--no-watch", "--no-lsp", "--db", str(db))
        try:
            result = await client.initialize_async(lsp.InitializeParams(
                capabilities=lsp.ClientCapabilities(general=lsp.GeneralClientCapabilities(
                    position_encodings=[lsp.PositionEncodingKind.Utf8, lsp.PositionEncodingKind.Utf16])),
                root_uri=web.as_uri()))
            client.initialized(lsp.InitializedParams())
            refs = await client.text_document_references_async(lsp.ReferenceParams(
                text_document=doc(web, "param.go"), position=lsp.Position(5, 6),
                context=lsp.ReferenceContext(include_declaration=False)))
            return result, refs
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()

    result, refs = asyncio.run(go())
    assert result.capabilities.position_encoding == lsp.PositionEncodingKind.Utf16
    assert [covered(web, r) for r in refs] == ["Param"]


def test_outline_ranges_follow_the_unsaved_buffer(two_projects):
    """documentSymbol reads the editor's buffer: its ranges are on the buffer's lines
    too, not on the saved file's (where an edit above has shifted every line)."""
    db, web, _other = two_projects
    saved = (web / "param.go").read_text()
    buffer = saved.replace("package web\n", "package web\n\n// Größe: 🚀 a note typed but not saved\n", 1)

    async def scenario(c: LanguageClient):
        uri = (web / "param.go").as_uri()
        c.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id="go", version=2, text=buffer)))
        return await c.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc(web, "param.go")))

    outline = session(db, web, scenario, "--no-lsp")
    lines = buffer.split("\n")
    param = next(s for s in outline if s.name == "Param")
    r = param.location.range
    assert lines[r.start.line].startswith("func Param(")
    units = lines[r.start.line].encode("utf-16-le")
    assert units[r.start.character * 2:r.end.character * 2].decode("utf-16-le") == "Param"
