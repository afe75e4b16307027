"""``lode mcp``: lode's tools for coding agents, over stdio, on the official MCP SDK.

Every tool maps onto one daemon method (:data:`lode.rpc.handlers.TABLE`), called
in-process on the same service the daemon uses; answers go through :func:`.budget.bound`
so none exceeds the budget, and library errors become tool errors the agent can read.
"""

from __future__ import annotations

import inspect
import logging
import threading
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from .. import __version__
from ..errors import LodeError
from ..rpc.handlers import TABLE, Context
from .budget import DEFAULT_BUDGET_CHARS, bound

log = logging.getLogger("lode.mcp")

INSTRUCTIONS = """\
lode has indexed this workspace's code and docs. Two kinds of question:
- "Where is the code or text about X?" → `search` (words, identifiers, or a description).
- "Where is this name defined / used / implemented?" → the symbol tools, which take a
  QUALIFIED name with at least one dot: `server.Handler.ServeHTTP` (Go package.Type.Method),
  `mypkg.Widget` or `Widget.render` (Python module/class/method), `geometry.Shape.area`
  (Rust module.Type.method). Any trailing part of the full path works. When you only know
  part of a name, call `search_symbols` first. Then `read` the file around the line given.
"""

HIT_FIELDS = ("path", "line_start", "line_end", "kind", "breadcrumb", "snippet", "relevance",
              "workspace")

Workspace = Annotated[str | None, Field(
    description="Workspace name or root; omit to use every workspace (or the only one).")]
QualifiedName = Annotated[str, Field(
    description="A qualified name with at least one dot, e.g. 'server.Handler.ServeHTTP', "
                "'mypkg.Widget', 'Widget.render', 'geometry.Shape.area' ('::' also accepted).")]


class Tools:
    """The tool implementations, bound to one :class:`Context` and one budget."""

    def __init__(self, ctx: Context, budget: int = DEFAULT_BUDGET_CHARS):
        self.ctx = ctx
        self.budget = budget

    def call(self, method: str, params: dict[str, Any]) -> Any:
        params = {k: v for k, v in params.items() if v is not None}
        try:
            m = TABLE.get(method)
            kwargs = TABLE.bind(m, params)
            if m.writes:
                with self.ctx.write_lock:
                    return m.func(self.ctx, **kwargs)
            return m.func(self.ctx, **kwargs)
        except LodeError as exc:
            message = exc.message
            if "`lode symbols" in message:  # the CLI's hint, said in this server's words
                message += " — here: call search_symbols with the partial name"
            raise ToolError(f"{message} (lode error {exc.rpc_code})") from None
        except Exception as exc:  # a bug: say so plainly, keep serving
            log.exception("tool %s failed", method)
            raise ToolError(f"lode failed internally on {method}: {type(exc).__name__}") from None

    def answer(self, result: Any) -> str:
        return bound(result, self.budget)

    def lookup(self, method: str, key: str, params: dict[str, Any]) -> str:
        """A symbol lookup's answer, with a next step when it found nothing."""
        result = self.call(method, params)
        if isinstance(result, dict) and result.get(key) == []:
            result = {**result, "note": f"nothing found for {params.get('name')!r}; check the "
                                        "qualified name with search_symbols, or use search"}
        return self.answer(result)


def _slim_hits(result: Any) -> Any:
    if isinstance(result, dict) and isinstance(result.get("hits"), list):
        out = {k: v for k, v in result.items() if k in ("hits", "mode_used", "semantic", "total")}
        out["hits"] = [{k: h[k] for k in HIT_FIELDS if k in h} if isinstance(h, dict) else h
                       for h in result["hits"]]
        return out
    return result


def build(ctx: Context, budget: int | None = None) -> MCPServer:
    """The MCP server with lode's ten tools."""
    tools = Tools(ctx, budget or DEFAULT_BUDGET_CHARS)
    server = MCPServer(name="lode", version=__version__, instructions=INSTRUCTIONS)

    def tool(fn):
        server.add_tool(fn, description=inspect.cleandoc(fn.__doc__ or ""))
        return fn

    @tool
    def search(
        query: Annotated[str, Field(description="Words, identifiers ('ServeHTTP', 'serve http') "
                                                "or a description ('free unused vectors')")],
        workspace: Workspace = None,
        paths: Annotated[list[str] | None, Field(description="Only under these path prefixes")] = None,
        languages: Annotated[list[str] | None, Field(description="e.g. ['go', 'python']")] = None,
        kinds: Annotated[list[str] | None, Field(description="e.g. ['function', 'method', 'section']")] = None,
        limit: Annotated[int, Field(ge=1, le=100)] = 10,
        mode: Annotated[Literal["auto", "lexical", "semantic", "hybrid"], Field(
            description="'lexical' for exact words and identifiers only; 'semantic' for "
                        "meaning only; 'auto' (default) combines them when it can")] = "auto",
    ) -> str:
        """Find code or documentation about something: hybrid lexical + semantic search over
        whole declarations and document sections. Use it for "where is the code that does
        X", for an identifier you saw, or for prose in the docs. For a known qualified name
        prefer find_definition. Returns hits with path, line range, breadcrumb and snippet."""
        return tools.answer(_slim_hits(tools.call("search.query", {
            "query": query, "workspace": workspace, "paths": paths, "languages": languages,
            "kinds": kinds, "limit": limit, "mode": mode})))

    @tool
    def find_definition(name: QualifiedName, workspace: Workspace = None) -> str:
        """Where a qualified name is defined: every plausible candidate with path, line,
        kind and module, never a silent pick. Use when you know the name (from code you
        read or a stack trace); use search_symbols first when you know only part of it.
        Example names: 'server.New', 'server.Handler.ServeHTTP', 'mypkg.Widget.render'."""
        return tools.lookup("symbol.definition", "candidates", {"name": name, "workspace": workspace})

    @tool
    def find_references(name: QualifiedName, workspace: Workspace = None,
                        limit: Annotated[int, Field(ge=1, le=1000)] = 100) -> str:
        """Files (and first positions) that use a qualified name, through imports and
        aliases. Use before changing a function's signature or behaviour to see who
        depends on it. Example: find_references('mypkg.Widget')."""
        return tools.lookup("symbol.references", "references",
                            {"name": name, "workspace": workspace, "limit": limit})

    @tool
    def find_implementations(name: QualifiedName, workspace: Workspace = None) -> str:
        """Types that implement an interface, trait or base class: Go method sets, Rust
        `impl Trait for`, Python subclasses, TypeScript implements/extends. Example:
        find_implementations('io.Reader') or find_implementations('geometry.Shape')."""
        return tools.lookup("symbol.implementations", "implementations",
                            {"name": name, "workspace": workspace})

    @tool
    def describe_symbol(name: QualifiedName, workspace: Workspace = None) -> str:
        """Signature, doc comment and location of a qualified name — a cheap look at an API
        without reading the whole file. Example: describe_symbol('server.Handler.ServeHTTP')."""
        return tools.lookup("symbol.describe", "symbols", {"name": name, "workspace": workspace})

    @tool
    def search_symbols(
        query: Annotated[str, Field(description="Part of a name: 'ServeHTTP', 'Handler.Serve', "
                                                "'wdgRender' (camel humps work)")],
        workspace: Workspace = None,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
    ) -> str:
        """Fuzzy search over the qualified names the index knows. Use it to turn a partial
        or unqualified name into the qualified name the other symbol tools need."""
        return tools.answer(tools.call("symbol.search",
                                       {"query": query, "workspace": workspace, "limit": limit}))

    @tool
    def list_file_symbols(
        path: Annotated[str, Field(description="File path relative to the workspace root")],
        workspace: Workspace = None,
    ) -> str:
        """Outline of one file: the definitions it contains, in order, with kinds and
        lines. Use it to find your way in a large file before reading parts of it."""
        return tools.answer(tools.call("file.outline", {"path": path, "workspace": workspace}))

    @tool
    def list_symbols(
        workspace: Workspace = None,
        prefix: Annotated[str | None, Field(description="Only names under this qualified "
                                                        "prefix, e.g. 'mypkg.' or 'server.Handler'")] = None,
        kinds: Annotated[list[str] | None, Field(description="e.g. ['definition', 'method']")] = None,
        limit: Annotated[int, Field(ge=1, le=2000)] = 200,
    ) -> str:
        """List known qualified names, e.g. every name in a package or module (prefix
        'mypkg.') — an overview of an API surface."""
        return tools.answer(tools.call("symbol.list", {"workspace": workspace, "prefix": prefix,
                                                       "kinds": kinds, "limit": limit}))

    @tool
    def query_ast(
        query: Annotated[str, Field(description="A tree-sitter query, e.g. "
                                                "'(function_definition name: (identifier) @name)'")],
        language: Annotated[str | None, Field(description="go, python, rust, typescript, "
                                                          "tsx, javascript, zig, …")] = None,
        paths: Annotated[list[str] | None, Field(description="Only these files")] = None,
        workspace: Workspace = None,
        limit: Annotated[int, Field(ge=1, le=1000)] = 100,
    ) -> str:
        """Structural search: run a tree-sitter query over the workspace's files of one
        language and get the captures with positions. Use for patterns text search cannot
        express (every call of X inside a loop, every struct with a given field)."""
        return tools.answer(tools.call("ast.query", {"query": query, "language": language,
                                                     "paths": paths, "workspace": workspace,
                                                     "limit": limit}))

    @tool
    def read(
        path: Annotated[str, Field(description="File path relative to the workspace root")],
        workspace: Workspace = None,
        line_start: Annotated[int | None, Field(ge=1, description="First line (1-based)")] = None,
        line_end: Annotated[int | None, Field(ge=1, description="Last line, inclusive")] = None,
        offset: Annotated[int, Field(ge=0, description="Character offset to continue a "
                                                       "truncated read")] = 0,
    ) -> str:
        """Read a workspace file (or a line range of it, e.g. around a hit). .html/.htm/.docx
        are returned as their Markdown text. Long text is cut at a paragraph end with a
        marker saying which offset to continue from. Paths outside the workspace are refused."""
        limit = max(1000, tools.budget - 500)
        r = tools.call("doc.read", {"path": path, "workspace": workspace, "offset": offset,
                                    "limit": limit, "line_start": line_start, "line_end": line_end})
        header = f"{r['path']} ({r['total_chars']} characters"
        if line_start or line_end:
            header += f", from line {r.get('line_start', line_start)}"
        if r.get("derived"):
            header += ", derived Markdown, read-only"
        return f"{header})\n{r['text']}"

    return server


def run(db_path: str | None = None, *, watch: bool = True, budget: int | None = None,
        roots: tuple[str, ...] = ()) -> None:
    """Serve the MCP tools on stdin/stdout until the client hangs up. Each of ``roots``
    is added as a workspace (if new) and indexed in the background while serving."""
    ctx = Context(db_path)
    watcher = None
    if watch:
        try:
            from ..rpc.watch import Watcher

            watcher = Watcher(ctx)
            ctx.workspaces_changed = watcher.refresh
            watcher.start()
        except Exception as exc:  # serve without live re-indexing rather than not at all
            log.warning("not watching workspaces: %s", exc)
    for root in roots:
        try:
            ctx.workspaces_changed(TABLE.call(ctx, "workspace.add", {"root": root}))
        except LodeError as exc:
            log.warning("workspace %s: %s", root, exc.message)
    if roots and watcher is None:
        threading.Thread(target=_index_all, args=(ctx,), daemon=True).start()
    try:
        build(ctx, budget).run("stdio")
    finally:
        if watcher is not None:
            watcher.stop()


def _index_all(ctx: Context) -> None:
    try:
        with ctx.write_lock:
            ctx.service.index(None)
    except LodeError as exc:
        log.warning("indexing: %s", exc.message)
