"""``lode lsp``: lode as a language server on stdio, for any editor, over the index.

- ``workspace/symbol``: fuzzy search over every qualified name, all languages;
- ``textDocument/definition``, ``references`` (every position), ``implementation``,
  ``hover`` (signature + doc): the qualified name under the cursor is read from the
  file (the same extraction the index uses, every occurrence kept), then looked up;
- ``textDocument/documentSymbol``: the file's definitions with qualified names.

Behind the lookups stands the hand-off (:mod:`lode.external.handoff`) when a real server for the
file's language exists (``--no-lsp`` turns it off). The index is kept live by the
daemon's watcher. Built on pygls (framing, dispatch) and lsprotocol (types).
"""

from __future__ import annotations

import logging
import os
import re
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from .. import __version__
from ..errors import LodeError
from ..service import byte_column, utf16_column, utf16_length

log = logging.getLogger("lode.lsp.server")

_WORD = re.compile(r"[A-Za-z_$][\w$]*")
_KINDS = {"function": lsp.SymbolKind.Function, "method": lsp.SymbolKind.Method,
          "class": lsp.SymbolKind.Class, "struct": lsp.SymbolKind.Struct,
          "interface": lsp.SymbolKind.Interface, "trait": lsp.SymbolKind.Interface,
          "enum": lsp.SymbolKind.Enum, "type": lsp.SymbolKind.TypeParameter,
          "module": lsp.SymbolKind.Module, "namespace": lsp.SymbolKind.Namespace,
          "variable": lsp.SymbolKind.Variable, "var": lsp.SymbolKind.Variable,
          "const": lsp.SymbolKind.Constant, "constant": lsp.SymbolKind.Constant,
          "property": lsp.SymbolKind.Property, "attribute": lsp.SymbolKind.Field,
          "field": lsp.SymbolKind.Field, "variant": lsp.SymbolKind.EnumMember}


def _kind(item: dict) -> lsp.SymbolKind:
    """An item's symbol kind: by its detail, but a function defined in a type (record
    kind ``method``: Python's ``def`` in a class) is a method, as editors show it."""
    detail = item.get("detail", "")
    if item.get("kind") == "method" and detail in ("function", ""):
        return lsp.SymbolKind.Method
    return _KINDS.get(detail, lsp.SymbolKind.Variable)
MAX_WORKSPACE_SYMBOLS = 100


def _split(name: str) -> tuple[str, str]:
    """``example.com/shop/server.Server.Lookup`` → (``….Server``, ``Lookup``)."""
    head, _, leaf = name.rpartition(".")
    if "/" in leaf:
        head, _, leaf = name.rpartition("/")
    return head, leaf


def _path_of(uri: str) -> str:
    return unquote(urlparse(uri).path)


class _Utf16Protocol(LanguageServerProtocol):
    """Positions in UTF-16 code units, the encoding every client must support: lode
    reads and writes columns in it (and the language servers it hands off to speak it),
    so a client's preference for UTF-8 (Neovim offers it first) is not taken up — pygls
    would announce it while lode went on counting UTF-16 units."""

    @lsp_method(lsp.INITIALIZE)
    def lsp_initialize(self, params: lsp.InitializeParams):
        general = params.capabilities.general
        if general is not None and general.position_encodings:
            general.position_encodings = None  # pygls then chooses the default, UTF-16
        return (yield from super().lsp_initialize(params))


class LodeLanguageServer(LanguageServer):
    def __init__(self, ctx, hand_off: bool = True):
        super().__init__("lode", __version__, protocol_cls=_Utf16Protocol)
        self.ctx = ctx
        self.hand_off = hand_off

    @property
    def service(self):
        return self.ctx.service

    # ---- where a document lies -------------------------------------------------------

    def locate(self, uri: str) -> tuple[str, str, str] | None:
        """(workspace name, root, path relative to it) of a document, or None."""
        real = os.path.realpath(_path_of(uri))
        name = self.service.workspace_for_path(real)
        root = self.service.workspace_roots().get(name) if name is not None else None
        if root is None or real == root:  # a document, not a workspace's root folder
            return None
        return name, root, os.path.relpath(real, root).replace(os.sep, "/")

    def editor_workspaces(self) -> list[str]:
        """The indexed workspaces of the folders the editor opened (its root and
        workspace folders): the one holding each folder and those inside it. Empty when
        none is indexed (then every workspace is searched). The store is usually the
        user's one store; another project's names are not this editor's."""
        folders = [f.uri for f in self.workspace.folders.values()] if self.workspace.folders else []
        if not folders and self.workspace.root_uri:
            folders = [self.workspace.root_uri]
        roots = self.service.workspace_roots()
        out: list[str] = []
        for uri in folders:
            real = os.path.realpath(_path_of(uri))
            holder = self.service.workspace_for_path(real)
            out += [holder] if holder else []
            out += [n for n, r in roots.items() if r == real or r.startswith(real.rstrip("/") + "/")]
        return list(dict.fromkeys(out))

    def text(self, uri: str) -> str | None:
        """The editor's buffer of ``uri``, else the file as saved; None when neither is
        there (a tab left on a deleted file, a folder sent as a document)."""
        try:
            return self.workspace.get_text_document(uri).source
        except Exception:
            pass
        try:
            with open(_path_of(uri), encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return None

    def name_at(self, uri: str, position: lsp.Position) -> tuple[str | None, str | None]:
        """The qualified name under the cursor and the workspace it belongs to."""
        where = self.locate(uri)
        if where is None:
            return None, None
        ws, _root, rel = where
        text = self.text(uri)
        if text is None:
            return None, ws
        lines = text.split("\n")
        if position.line >= len(lines):
            return None, ws
        line_text = lines[position.line]
        col = byte_column(line_text, position.character)  # 1-based bytes
        raw = line_text.encode("utf-8")
        word = None
        for m in _WORD.finditer(line_text):
            start = len(line_text[:m.start()].encode("utf-8")) + 1
            end = start + len(m.group(0).encode("utf-8"))
            if start <= col <= end:
                word, word_start = m.group(0), start
                break
        if word is None or not raw:
            return None, ws
        return self.service.name_at(rel, ws, text, position.line + 1, word, word_start), ws

    def hierarchical_symbols(self) -> bool:
        """Whether the editor takes documentSymbol as a tree (it then draws an outline
        and breadcrumbs); else the flat list every client reads."""
        caps = self.client_capabilities
        ds = getattr(getattr(caps, "text_document", None), "document_symbol", None)
        return bool(getattr(ds, "hierarchical_document_symbol_support", False))

    # ---- answers ---------------------------------------------------------------------

    def location(self, item: dict, lines: list[str] | None = None) -> lsp.Location | None:
        """Where ``item`` (path, 1-based line, byte column) is, the range on its name.
        ``lines``: the text the item was read from (an editor's buffer), else the file."""
        roots = self.service.workspace_roots()
        root = roots.get(item.get("workspace", ""))
        path = os.path.join(root, item["path"]) if root else item["path"]
        if not os.path.isabs(path):
            return None
        line_text = ""
        if lines is not None:
            line_text = lines[item["line"] - 1].rstrip("\r") if 0 < item["line"] <= len(lines) else ""
        else:
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    for i, t in enumerate(f, 1):
                        if i == item["line"]:
                            line_text = t.rstrip("\n")
                            break
            except OSError:
                pass
        # the index's column is a 1-based byte column: as an index into the line's text
        at = len(line_text.encode("utf-8")[:max(0, item.get("column", 1) - 1)].decode("utf-8", "replace"))
        leaf = str(item.get("name", "")).replace("/", ".").rsplit(".", 1)[-1]
        m = _WORD.match(line_text, at) if line_text else None
        if m and leaf and m.group(0) != leaf:
            # a use recorded at its qualifier (`chi.URLParam(r, "id")`, `np.array`): the
            # editor marks the name itself, the first whole word equal to it from there
            found = re.compile(rf"(?<![\w$]){re.escape(leaf)}(?![\w$])").search(line_text, at)
            if found:
                m = found
        # LSP columns count UTF-16 code units
        start = utf16_length(line_text[:m.start()]) if m else utf16_column(line_text, item.get("column", 1))
        length = utf16_length(m.group(0)) if m else utf16_length(leaf)
        if item.get("detail") == "module" and not (m and m.group(0) == leaf):
            length = 0  # a module is its whole file: its first line's first word is not its name
        rng = lsp.Range(lsp.Position(item["line"] - 1, start), lsp.Position(item["line"] - 1, start + length))
        return lsp.Location(uri=f"file://{path}", range=rng)

    def locations(self, items: list[dict]) -> list[lsp.Location]:
        return [loc for loc in (self.location(i) for i in items) if loc is not None]

    def ask_server(self, method: str, uri: str, position: lsp.Position):
        """The real language server's answer at the editor's own position, for a word
        the index cannot name or a name it knows nothing of (`app.route(…)` on a value
        whose type is inferred, a library's function): None without a hand-off, a
        server for the file's language, or an answer within the timeout. The server
        reads the file as saved."""
        if not self.hand_off:
            return None
        return self.service.ask_language_server(method, _path_of(uri), position.line, position.character)

    def server_locations(self, method: str, uri: str, position: lsp.Position) -> list[lsp.Location] | None:
        result = self.ask_server(method, uri, position)
        if result is None:
            return None
        out = []
        for loc in result if isinstance(result, (list, tuple)) else [result]:
            if isinstance(loc, lsp.LocationLink):
                loc = lsp.Location(uri=loc.target_uri, range=loc.target_selection_range)
            if isinstance(loc, lsp.Location):
                out.append(loc)
        return out or None


def build(ctx, hand_off: bool = True) -> LodeLanguageServer:
    server = LodeLanguageServer(ctx, hand_off)

    def guarded(fn):
        def run(ls, params):
            try:
                return fn(ls, params)
            except LodeError as exc:
                log.info("%s", exc.message)
                return None
        run.__name__ = fn.__name__
        return run

    @server.feature(lsp.WORKSPACE_SYMBOL)
    @guarded
    def workspace_symbol(ls: LodeLanguageServer, params: lsp.WorkspaceSymbolParams):
        if not params.query.strip():
            return []
        # the editor's workspaces together, one ranking (each name's definition with it)
        found = ls.service.symbols(params.query, ls.editor_workspaces() or None, limit=MAX_WORKSPACE_SYMBOLS,
                                   definitions=True)["names"]
        out, shown = [], set()
        for name, best in ((n["name"], n.get("definition")) for n in found):
            loc = ls.location(best) if best else None
            if loc is None:
                continue
            # every module importing a class lists it under its own name (`from fastapi
            # import APIRouter` in tests/test_sse.py: tests.test_sse.APIRouter), all at
            # the one definition: the editor gets that definition once, by its own name
            where = (loc.uri, loc.range.start.line, loc.range.start.character)
            if where in shown:
                continue
            shown.add(where)
            head, leaf = _split(best.get("target") or name)
            out.append(lsp.SymbolInformation(name=leaf, kind=_kind(best), location=loc,
                                             container_name=head or None))
        return out

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    @guarded
    def definition(ls: LodeLanguageServer, params: lsp.DefinitionParams):
        name, ws = ls.name_at(params.text_document.uri, params.position)
        found = ls.locations(ls.service.definition(name, ws, lsp=ls.hand_off)["candidates"]) if name else []
        return found or ls.server_locations("definition", params.text_document.uri, params.position)

    @server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    @guarded
    def references(ls: LodeLanguageServer, params: lsp.ReferenceParams):
        name, ws = ls.name_at(params.text_document.uri, params.position)
        if name is None:
            return ls.server_locations("references", params.text_document.uri, params.position)
        items = ls.service.references(name, ws, limit=10000, every=True, lsp=ls.hand_off)["references"]
        if params.context.include_declaration:
            items = ls.service.definition(name, ws)["candidates"] + items
        return ls.locations(items)

    @server.feature(lsp.TEXT_DOCUMENT_IMPLEMENTATION)
    @guarded
    def implementation(ls: LodeLanguageServer, params: lsp.ImplementationParams):
        name, ws = ls.name_at(params.text_document.uri, params.position)
        found = ls.locations(ls.service.implementations(name, ws, lsp=ls.hand_off)["implementations"]) if name else []
        return found or ls.server_locations("implementation", params.text_document.uri, params.position)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @guarded
    def hover(ls: LodeLanguageServer, params: lsp.HoverParams):
        name, ws = ls.name_at(params.text_document.uri, params.position)
        symbols = ls.service.describe(name, ws, limit=3, lsp=ls.hand_off)["symbols"] if name else []
        if not symbols:
            return ls.ask_server("hover", params.text_document.uri, params.position)
        s = symbols[0]
        what = "method" if _kind(s) == lsp.SymbolKind.Method else s.get("detail") or s["kind"]
        parts = [f"**{s['name']}** ({what})"]
        if s.get("hover"):  # a language server's hover holds the signature and doc itself
            parts.append(s["hover"])
        else:
            if s.get("signature"):
                parts.append(f"```\n{s['signature']}\n```")
            if s.get("doc"):
                parts.append(s["doc"])
        parts.append(f"{s['path']}:{s['line']}")
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value="\n\n".join(parts)))

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded
    def document_symbol(ls: LodeLanguageServer, params: lsp.DocumentSymbolParams):
        where = ls.locate(params.text_document.uri)
        if where is None:
            return []
        _ws, _root, rel = where
        out = []
        text = ls.text(params.text_document.uri)
        if text is None:
            return []
        lines = text.split("\n")  # the outline is read from the buffer: so are its ranges
        items = ls.service.outline_text(rel, _ws, text)
        locs = [ls.location({"name": it["name"], "workspace": _ws, "path": rel, "line": it["line"],
                             "column": it["column"]}, lines) for it in items]
        if ls.hierarchical_symbols():
            from .outline import tree

            return tree(items, [loc.range if loc else lsp.Range(lsp.Position(it["line"] - 1, 0),
                                                                lsp.Position(it["line"] - 1, 0))
                                for it, loc in zip(items, locs)], lines, _kind, _split)
        for it, loc in zip(items, locs):
            head, leaf = _split(it["name"])
            out.append(lsp.SymbolInformation(name=leaf, kind=_kind(it), location=loc,
                                             container_name=head or None))
        return out

    return server


def run(db_path: str | None = None, *, watch: bool = True, roots: tuple[str, ...] = (),
        hand_off: bool = True, allow_broad_root: bool = False) -> None:
    """Serve on stdin/stdout until the editor exits; each of ``roots`` is added as a
    workspace (if new) and indexed, and the watcher keeps every workspace live. A root
    that cannot be one (``/``; the home folder unless ``allow_broad_root``) raises first."""
    from ..service import Session

    ctx = Session(db_path)
    ctx.start(roots, watch=watch, allow_broad_root=allow_broad_root)
    try:
        build(ctx, hand_off).start_io()
    finally:
        # index runs end at their next batch; the watcher and indexing threads with them
        # (language servers kept warm for hand-offs stop as the process exits)
        ctx.stop()
