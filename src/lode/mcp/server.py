"""``lode mcp``: lode's tools for coding agents, over stdio, on the official MCP SDK.

Every tool calls the service through a :class:`~lode.session.Session` (the daemon's
requests go the same way); answers go through :func:`.budget.bound` so none exceeds the
budget, and library errors become tool errors the agent can read.
"""

from __future__ import annotations

import functools
import inspect
import logging
import os
import time
from typing import Annotated, Any, Callable, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from .. import __version__
from ..errors import InvalidParams, LodeError, NotFound, REPAIR_HINT, store_damage
from ..service import Session, clean_text
from . import notes
from .strict import StrictServer
from .budget import DEFAULT_BUDGET_CHARS, NARROW, bound

log = logging.getLogger("lode.mcp")

INSTRUCTIONS = """\
lode indexed this workspace's code and docs.
- "Where is the code or text about X?" → `search`.
- "Where is this name defined / used / implemented?" → the symbol tools. They take a
  qualified name (`server.Handler.ServeHTTP`, `mypkg.Widget`, `Widget.render`); any
  trailing part of the full path works, and a bare name answers with the qualified
  names ending in it. A location `path:LINE` (a search hit's, a trace's) names the
  declaration there; `path:LINE:COLUMN` the name written at that column. Lists carry
  `total` and `truncated`.
Then `read` the file around the line given.
"""

# snippet_line: the line the snippet starts on (the best lines of a long chunk), which
# the command line prints as the hit's path:line; an agent reads or edits from it
HIT_FIELDS = ("path", "line_start", "line_end", "kind", "breadcrumb", "snippet", "snippet_line",
              "relevance", "workspace")

# what a cut answer tells the agent to change, in the tool's own arguments (the budget's
# note: an argument the tool does not take would be refused)
NARROW_SEARCH = "narrow it with paths, glob, languages or kinds, or lower limit"
NARROW_LOOKUP = {"definition": "ask with a longer qualified name",
                 "describe": "ask with a longer qualified name, or without include_body",
                 "references": "lower limit, or ask with a longer qualified name",
                 "implementations": "lower limit, or ask with a longer qualified name"}

#: A search hit's code (``search(code=true)``) is at most this many lines.
HIT_CODE_LINES = 80

#: A bare name's matches up to this many are listed with where each is defined (one
#: index look-up each, ~1 ms); more are listed by name only.
MATCH_LOCATIONS = 20

# default: the workspaces of --root (see Tools.scope), else all
Workspace = Annotated[str | None, Field(description="Name or root (default: this project)")]
QualifiedName = Annotated[str, Field(description="e.g. 'server.Handler.ServeHTTP', 'Widget.render', a bare "
                                                 "'Widget', or a location 'pkg/file.py:LINE[:COLUMN]'")]


class Tools:
    """The tool implementations, bound to one :class:`Session` and one budget."""

    def __init__(self, ctx: Session, budget: int = DEFAULT_BUDGET_CHARS, hand_off: bool = False,
                 scope: tuple[str, ...] = ()):
        self.ctx = ctx
        self.budget = budget
        self.hand_off = hand_off  # lookups answered by a real language server when one is found
        # The workspaces of ``--root``: the project the agent works in. The store is
        # usually the user's one store, holding every project they indexed; a call that
        # names no workspace answers from these, not from all of them.
        self.scope = scope
        # when the server started index runs of its own (None: it runs none): a call
        # waits a little for its workspace's first index (notes.first_index)
        self.indexing_since: float | None = None

    def ws(self, workspace: str | None, path: str | None = None) -> str | None:
        """The workspace a call that takes one workspace works in: the one it names,
        else the one holding an absolute ``path``, else the server's project when it
        has exactly one, else the one of the project's (or every) workspaces holding a
        relative ``path`` (the service's rule, as the daemon reads it), else every
        workspace."""
        if workspace is not None or (path and os.path.isabs(path)):
            return workspace
        if len(self.scope) == 1:
            return self.scope[0]
        if not path:
            return None
        return self.ctx.service.locate(path, among=list(self.scope) or None)[0]

    def ws_list(self, workspace: str | None, name: str | None = None) -> str | list[str] | None:
        """The workspaces a search or a symbol look-up covers: the one it names, else
        the server's projects (all of them: the service reads a list as those
        workspaces only), else every workspace. A look-up of an absolute location
        (``/abs/file.py:LINE``) reads the workspace holding it, as ``read`` does."""
        if workspace is not None or (name and os.path.isabs(name)):
            return workspace
        return list(self.scope) or None

    def call(self, what: str, fn: Callable[..., Any], *args: Any, **params: Any) -> Any:
        """``fn(*args, **params)`` (parameters given as None left out), its library errors
        made tool errors; ``what`` names the call in the log."""
        params = {k: v for k, v in params.items() if v is not None}
        if (replaced := self._replaced_store()) is not None:  # rm, then lode index
            raise ToolError(f"the store {replaced} was deleted or replaced since this server started: "
                            "restart it (its answers would be the old file's)")
        try:
            return fn(*args, **params)
        except LodeError as exc:
            raise ToolError(f"{exc.message}{self._known_workspaces(exc)} (lode error {exc.rpc_code})") from None
        except Exception as exc:  # a bug: say so plainly, keep serving
            log.exception("tool %s failed", what)
            if (damage := store_damage(exc)) is not None:  # not a bug: the store's file
                raise ToolError(f"the store is damaged ({damage}): stop this server and {REPAIR_HINT}") from None
            raise ToolError(f"lode failed internally on {what}: {type(exc).__name__}") from None

    def _known_workspaces(self, exc: LodeError) -> str:
        """For a workspace name the store does not know (an agent's guess): the names it
        could have used, so its next call names one."""
        if not (isinstance(exc, NotFound) and isinstance(exc.data, dict) and "workspace" in exc.data):
            return ""
        try:
            names = sorted(self.ctx.service.workspace_roots())
        except Exception:  # the error itself is what the agent needs
            return ""
        return f"; indexed workspaces: {', '.join(names) or 'none'}"

    def _replaced_store(self) -> str | None:
        """The store's path when it no longer names the file this server opened."""
        try:
            service = self.ctx.service
            return service.db_path if service.store_replaced() else None
        except Exception:  # a store that cannot be opened: the call itself reports it
            return None

    def ready(self, workspace: str | list[str] | None) -> dict[str, Any] | None:
        """Wait (bounded) while a workspace the call reads is indexed for the first time;
        what the answer should say when it still is."""
        names = [workspace] if isinstance(workspace, str) else workspace or list(self.scope) or None
        return notes.first_index(self.ctx, names, self.indexing_since)

    def answer(self, result: Any, indexing: dict[str, Any] | None = None, empty: str | None = None,
               narrow: str = NARROW) -> str:
        """``result`` within the budget; ``indexing``: a first index still running;
        ``empty``: why an empty result is empty; ``narrow``: what the call can change to
        see the rest when the answer is cut (in the tool's own arguments)."""
        if isinstance(result, dict):
            result = _slim_symbols(result)
            if empty and "note" not in result:
                result = {**result, "note": empty}
            if indexing:
                result = {**result, "indexing": True, "note": "; ".join(
                    n for n in (indexing["note"], result.get("note")) if n)}
        return bound(result, self.budget, narrow)

    def vectors_coming(self, result: Any) -> Any:
        """A search answer whose store has no vectors yet, from a server that indexes
        its project itself: the vectors are being made (its watcher or first run embeds
        what it indexed), so the agent is not told to run an index command."""
        semantic = result.get("semantic") if isinstance(result, dict) else None
        if (self.indexing_since is not None and isinstance(semantic, dict)
                and str(semantic.get("reason", "")).startswith("no vectors")):
            result = {**result, "semantic": {**semantic, "reason": "no vectors yet: this server is "
                                             "making them in the background; lexical answers meanwhile"}}
        return result

    def lookup(self, op: str, key: str, params: dict[str, Any]) -> str:
        """A symbol lookup's answer (``op``: the service method), with the reason and a
        next step when it found nothing."""
        if self.hand_off:
            params = {**params, "lsp": True}
        indexing = self.ready(params.get("workspace"))
        result = self.call(op, self.ctx.lookup, op, **params)
        if isinstance(result, dict) and result.get("matches"):
            result = self.where_matches(result, params.get("workspace"))
        empty = None
        if isinstance(result, dict) and result.get(key) == [] and "matches" not in result:
            # the service names the definition of a name nobody uses: said in the note
            defined = result.get("definition")
            result = {k: v for k, v in result.items() if k != "definition"}
            empty = notes.nothing_found(self.ctx, op, params["name"], params.get("workspace"), defined)
        return self.answer(result, indexing, empty, NARROW_LOOKUP.get(op, NARROW))


    def with_code(self, hit: dict) -> dict:
        """A search hit with ``code``: its lines as the file holds them now (up to
        HIT_CODE_LINES; ``code_cut`` when the chunk is longer). Unreadable: the hit as is."""
        if not isinstance(hit, dict) or not {"path", "line_start", "line_end"} <= set(hit):
            return hit
        last = min(hit["line_end"], hit["line_start"] + HIT_CODE_LINES - 1)
        try:
            text = self.ctx.service.read_document(hit["path"], hit.get("workspace"), line_start=hit["line_start"],
                                                  line_end=last, limit=self.budget)["text"]
        except Exception:  # changed or gone since indexing: the snippet stands
            return hit
        return {**hit, "code": text, **({"code_cut": True} if last < hit["line_end"] else {})}

    def where_matches(self, result: dict, workspace: str | list[str] | None) -> dict:
        """A bare name's ``matches`` (the qualified names ending in it), each with where
        it is defined (``path:line``) when there are a few: the agent picks the one it
        means by its file, or reads it there, instead of asking once per name."""
        matches = result["matches"]
        if len(matches) > MATCH_LOCATIONS:
            return result
        placed = []
        for name in matches:
            found = self.ctx.lookup("definition", name, workspace, limit=1).get("candidates") or []
            at = f"{found[0]['path']}:{found[0]['line']}" if found else None
            placed.append({"name": name, **({"at": at} if at else {})})
        return {**result, "matches": placed}


# the lists of symbol records a look-up or listing answers with
SYMBOL_LISTS = ("candidates", "references", "implementations", "symbols")


def _fitting(result: Any) -> Any:
    """A query_ast answer from the languages its query fits: a query written for one
    language, tried on every file, does not compile for the others, and their "Invalid
    node type" errors read as a wrong query beside its captures. Those errors stay only
    when the query fits none of the files' languages: then they are the answer."""
    if not isinstance(result, dict) or not result.get("languages"):
        return result
    return {**result, "errors": [e for e in result.get("errors", []) if "language" not in e]}


def _slim_symbols(result: dict) -> dict:
    """Symbol records without what they repeat: ``test`` unless true, ``module`` when
    the name starts with it. A listing of 200 names is ~20% shorter: more of it fits
    the budget, in fewer tokens."""
    lists = [k for k in SYMBOL_LISTS if isinstance(result.get(k), list)]
    if not lists:
        return result

    def slim(item: Any) -> Any:
        if not isinstance(item, dict) or "path" not in item:
            return item
        name = item.get("name", "")
        return {k: v for k, v in item.items()
                if not ((k == "test" and v is False)
                        or (k == "module" and isinstance(v, str) and (name == v or name.startswith(v + "."))))}

    return {**result, **{k: [slim(i) for i in result[k]] for k in lists}}


def _slim_hits(result: Any) -> Any:
    if isinstance(result, dict) and isinstance(result.get("hits"), list):
        out = {k: v for k, v in result.items() if k in ("hits", "mode_used", "semantic", "total", "indexing")}
        # ``hold`` only when set: a file kept from a plug-in this build lacks (README, Plug-ins)
        out["hits"] = [{**{k: h[k] for k in HIT_FIELDS if k in h}, **({"hold": h["hold"]} if h.get("hold") else {})}
                       if isinstance(h, dict) else h for h in result["hits"]]
        return out
    return result


def _unusable(value: Any) -> bool:
    """A string no path, name or query can hold (NUL, a lone surrogate: the daemon's
    check, :func:`lode.session.clean_text`), or a list with one."""
    if isinstance(value, str):
        return not clean_text(value)
    return isinstance(value, list) and any(_unusable(v) for v in value)


def _scope_note(scope: tuple[str, ...]) -> str:
    if not scope:
        return ""
    names = ", ".join(repr(n) for n in scope)
    return (f"Calls that name no `workspace` answer from this project ({names}); "
            "name another indexed workspace to look there.\n")


def build(ctx: Session, budget: int | None = None, hand_off: bool = False,
          scope: tuple[str, ...] = (), indexing_since: float | None = None) -> MCPServer:
    """The MCP server with lode's tools; ``scope``: the workspaces of ``--root``, which
    calls naming no workspace answer from; ``indexing_since``: when the server started
    index runs of its own (``time.monotonic()``), None when it runs none."""
    tools = Tools(ctx, budget or DEFAULT_BUDGET_CHARS, hand_off, tuple(scope))
    tools.indexing_since = indexing_since
    server = StrictServer(name="lode", version=__version__, instructions=INSTRUCTIONS + _scope_note(tools.scope))

    def tool(fn):
        @functools.wraps(fn)  # the SDK reads the parameters through __wrapped__
        def checked(**arguments: Any) -> Any:
            for name, value in arguments.items():
                if _unusable(value):
                    raise ToolError(f"invalid params: {name!r} holds a NUL character or a lone "
                                    f"surrogate (lode error {InvalidParams.rpc_code})")
            return fn(**arguments)

        # plain text answers: no output schema to pay for in every tool listing
        server.add_tool(checked, description=inspect.cleandoc(fn.__doc__ or ""), structured_output=False)
        server.accepted[fn.__name__] = tuple(inspect.signature(fn).parameters)
        return fn

    @tool
    def search(
        query: Annotated[str, Field(description="Words, identifiers or a description")],
        workspace: Workspace = None,
        paths: Annotated[list[str] | None, Field(description="Path prefixes")] = None,
        glob: Annotated[list[str] | None, Field(description="Path globs, e.g. ['**/*.go', '!**/*_test.go']")] = None,
        languages: Annotated[list[str] | None, Field(description="e.g. ['go']")] = None,
        kinds: Annotated[list[str] | None, Field(description="e.g. ['function', 'section']")] = None,
        limit: Annotated[int, Field(ge=1, le=100)] = 10,
        mode: Literal["auto", "lexical", "semantic", "hybrid"] = "auto",
        files: Annotated[bool, Field(description="Ranked files, each with its best chunks")] = False,
        code: Annotated[bool, Field(description="Each hit with its lines (up to 80), to act on "
                                                "without a read per hit")] = False,
    ) -> str:
        """Find code or docs about something (lexical + semantic over whole declarations
        and sections): each hit's path, line_start-line_end, and a snippet starting at
        snippet_line. For a known qualified name use find_definition."""
        indexing = tools.ready(tools.ws_list(workspace))
        result = tools.call("search", tools.ctx.search, query, workspace=tools.ws_list(workspace), paths=paths,
                            path_globs=glob, languages=languages, kinds=kinds, limit=limit,
                            mode=mode, files=files)
        filters = {k: v for k, v in (("paths", paths), ("glob", glob), ("languages", languages),
                                      ("kinds", kinds)) if v}
        empty = None
        if filters and isinstance(result, dict) and not result.get("files" if files else "hits"):
            empty = notes.filtered_out(filters, result.get("filtered_out"))
            if empty and isinstance(result.get("semantic"), dict):
                # the engine's auto note says the same, in the search's terms (option
                # names, vectors): the agent reads this one, in its tool's arguments
                result = {**result, "semantic": {k: v for k, v in result["semantic"].items() if k != "note"}}
        if files and isinstance(result, dict) and isinstance(result.get("files"), list):
            return tools.answer({"files": [{**f, "chunks": _slim_hits({"hits": f["chunks"]})["hits"]}
                                           for f in result["files"]], "mode_used": result.get("mode_used")},
                                indexing, empty, NARROW_SEARCH)
        result = _slim_hits(result)
        if code and isinstance(result, dict) and isinstance(result.get("hits"), list):
            result = {**result, "hits": [tools.with_code(h) for h in result["hits"]]}
        return tools.answer(tools.vectors_coming(result), indexing, empty, NARROW_SEARCH)

    @tool
    def find_definition(name: QualifiedName, workspace: Workspace = None) -> str:
        """Where a name is defined: every plausible candidate (path, line, kind, module)."""
        return tools.lookup("definition", "candidates", {"name": name, "workspace": tools.ws_list(workspace, name)})

    @tool
    def find_references(name: QualifiedName, workspace: Workspace = None,
                        all: Annotated[bool, Field(description="Every use, not the first per file")] = False,
                        limit: Annotated[int, Field(ge=1, le=1000)] = 100) -> str:
        """Where a name is used, through imports, aliases and stated types (`s.Close()`
        with `s *Server`). Before changing a signature, all=true: every call site."""
        return tools.lookup("references", "references",
                            {"name": name, "workspace": tools.ws_list(workspace, name), "limit": limit,
                             "every": all or None})

    @tool
    def find_implementations(name: QualifiedName, workspace: Workspace = None,
                             limit: Annotated[int, Field(ge=1, le=1000)] = 100) -> str:
        """Types implementing an interface, trait or base class (Go method sets with
        embedding, Rust impls, subclasses, TypeScript implements)."""
        return tools.lookup("implementations", "implementations",
                            {"name": name, "workspace": tools.ws_list(workspace, name), "limit": limit})

    @tool
    def describe_symbol(name: QualifiedName, workspace: Workspace = None,
                        include_body: Annotated[bool, Field(description="Add the source")] = False) -> str:
        """Signature, doc comment and location of a name: an API at a glance."""
        return tools.lookup("describe", "symbols", {"name": name, "workspace": tools.ws_list(workspace, name),
                                                           "include_body": include_body or None})

    @tool
    def search_symbols(
        query: Annotated[str, Field(description="Part of a name ('Handler.Serve', 'wdgRender')")],
        workspace: Workspace = None,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
    ) -> str:
        """Fuzzy search over known qualified names: partial name → qualified name."""
        indexing = tools.ready(tools.ws_list(workspace))
        result = tools.call("symbols", tools.ctx.lookup, "symbols", query, workspace=tools.ws_list(workspace),
                            limit=limit)
        empty = notes.empty_listing(tools.ctx, tools.ws_list(workspace)) if not result.get("names") else None
        return tools.answer(result, indexing, empty, "a longer query or a lower limit")

    @tool
    def list_file_symbols(
        path: Annotated[str, Field(description="Relative to the workspace root")],
        workspace: Workspace = None,
    ) -> str:
        """Outline of one file: its definitions in order, with kinds and lines."""
        result = tools.call("outline", lambda: tools.ctx.outline(path, tools.ws(workspace, path)))
        return tools.answer(result, empty=notes.file_not_read(tools.ctx, path) if not result.get("symbols") else None,
                            narrow="read the file by lines for the rest")

    @tool
    def list_symbols(
        workspace: Workspace = None,
        prefix: Annotated[str | None, Field(description="e.g. 'mypkg.' or 'binding.'")] = None,
        kinds: Annotated[list[str] | None, Field(description="definition, method, or a detail: "
                                                              "function, class, …")] = None,
        limit: Annotated[int, Field(ge=1, le=2000)] = 200,
    ) -> str:
        """Known qualified names under a prefix: an API surface."""
        indexing = tools.ready(tools.ws_list(workspace))
        result = tools.call("list_symbols", tools.ctx.list_symbols, workspace=tools.ws_list(workspace),
                            prefix=prefix, kinds=kinds, limit=limit)
        empty = notes.empty_listing(tools.ctx, tools.ws_list(workspace)) if not result.get("symbols") else None
        return tools.answer(result, indexing, empty, "a longer prefix, kinds, or a lower limit")

    @tool
    def query_ast(
        query: Annotated[str, Field(description="Tree-sitter query with @captures")],
        language: Annotated[str | None, Field(description="e.g. go, python, typescript")] = None,
        paths: Annotated[list[str] | None, Field(description="Only these files or folders")] = None,
        workspace: Workspace = None,
        limit: Annotated[int, Field(ge=1, le=1000)] = 100,
    ) -> str:
        """Structural search: a tree-sitter query over the workspace's files."""
        return tools.answer(_fitting(tools.call("query_ast", lambda: tools.ctx.query_ast(
                                query, language, paths, tools.ws(workspace, (paths or [None])[0]), limit))),
                            narrow="narrow it with paths or language, or lower limit")

    @tool
    def index_status(workspace: Workspace = None) -> str:
        """Files, chunks, languages, refusals, last index time and any index running now."""
        return tools.answer(tools.call("status", tools.ctx.status, tools.ws_list(workspace)),
                            narrow="name one workspace")

    @tool
    def read(
        path: Annotated[str, Field(description="Relative to the workspace root")],
        workspace: Workspace = None,
        line_start: Annotated[int | None, Field(ge=1)] = None,
        line_end: Annotated[int | None, Field(ge=1)] = None,
        offset: Annotated[int, Field(ge=0, description="Continue a cut read")] = 0,
    ) -> str:
        """Read a workspace file or a line range (.html/.docx as Markdown)."""
        limit = max(1000, tools.budget - 500)
        r = tools.call("read", lambda **kw: tools.ctx.service.read_document(path, tools.ws(workspace, path), **kw),
                       offset=offset, limit=limit, line_start=line_start, line_end=line_end)
        first = r.get("line_start", line_start or 1)
        # a path relative to a workspace other than the project's own (read by its
        # absolute path) names that workspace: the agent's next relative path would not
        where = r["path"] if tools.scope == (r.get("workspace"),) else f"{r['path']} in workspace {r.get('workspace')!r}"
        if (line_start or line_end) and r["total_chars"] == 0:
            why = ("'line_end' is before 'line_start'" if line_start and line_end and line_end < line_start
                   else f"the file ends before line {first}")
            return f"{where} (no lines: {why})\n"
        if offset and not r["text"]:
            return (f"{where} (no text from offset {offset}: the "
                    f"{'range' if line_start or line_end else 'file'} has {r['total_chars']} characters)\n")
        header = f"{where} ({r['total_chars']} characters"
        if line_start or line_end:
            header += f", from line {first}"
        if r.get("derived"):
            header += ", derived Markdown, read-only"
        if r.get("truncated") and offset == 0:
            # agents read by lines: say which came and where the next read starts
            shown = r["text"][:r["text"].rfind("[… truncated:")].count("\n")
            if shown:
                header += (f"; lines {first}-{first + shown - 1} here, read on with line_start="
                           f"{first + shown}" + (f" and line_end={line_end}" if line_end else ""))
        return f"{header})\n{r['text']}"

    return server


def run(db_path: str | None = None, *, watch: bool = True, budget: int | None = None,
        roots: tuple[str, ...] = (), text_extensions: tuple[str, ...] = (), hand_off: bool = False,
        allow_broad_root: bool = False) -> None:
    """Serve the MCP tools on stdin/stdout until the client hangs up. Each of ``roots``
    is added as a workspace (if new; ``text_extensions`` declared for it) and indexed
    in the background while serving; the embedding model is loaded meanwhile too.
    Calls that name no workspace answer from ``roots``, else from the indexed workspace
    holding the current folder, else from every workspace. A root that cannot be one
    (``/``; the home folder unless ``allow_broad_root``) raises before serving."""
    ctx = Session(db_path)
    scope = ctx.start(roots, watch=watch, text_extensions=list(text_extensions) or None,
                      allow_broad_root=allow_broad_root)
    if not roots:
        # started inside an indexed project (an agent's client starts servers in its
        # project folder): that is the project, as for the command line's look-ups
        try:
            here = ctx.service.workspace_for_path(os.path.realpath(os.getcwd()))
        except (LodeError, OSError):
            here = None
        scope += [here] if here else []
    indexing_since = time.monotonic() if roots or ctx.watching else None
    scope = list(dict.fromkeys(scope))
    # the model and the project's vectors load now, not in the agent's first query
    ctx.warm_up_in_background(scope)
    from .exiting import leave, leave_on_signals

    leave_on_signals(ctx.stop)
    try:
        build(ctx, budget, hand_off, tuple(scope), indexing_since).run("stdio")
    except BaseException:
        ctx.stop()  # index runs end at their next batch; the watcher and indexing threads with them
        raise
    leave(ctx.stop)  # the client hung up: as on SIGTERM
