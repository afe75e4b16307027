"""The daemon's methods. Each is a thin mapping onto one :class:`lode.service.Service`
method — parameters named and typed here so the table can check them, the work done by
the service. Library errors (:class:`~lode.errors.LodeError`) pass through untouched; the
server converts them once.

Methods that change the store are registered with ``writes=True`` and run one at a time.
"""

from __future__ import annotations

import os
from typing import Any

from .. import __version__
from ..errors import InvalidParams, LodeError
from ..service import DEFAULT_READ_CHARS, Service, Session
from .bounds import clamp_limit
from .methods import REQUIRED, MethodTable, json_type, matches, type_name

TABLE = MethodTable()
method = TABLE.method


#: What handlers see: the server's :class:`~lode.session.Session` (a request's deadline
#: stops its store statements: :func:`.bounds.run_with`).
Context = Session


def _given(**kwargs: Any) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}


# --- workspaces -------------------------------------------------------------------------

def _absolute_root(root: Any) -> None:
    """Refuse a relative root: resolved here it would name the daemon's working
    directory, not the caller's."""
    if isinstance(root, str) and not os.path.isabs(os.path.expanduser(root)):
        raise InvalidParams(f"invalid params: 'root' must be an absolute path, not {root!r}",
                            data={"param": "root"})


@method("workspace.add", writes=True)
def workspace_add(ctx: Context, root: str = REQUIRED, name: str | None = None,
                  code: bool | None = None, include: list[str] | None = None,
                  exclude: list[str] | None = None,
                  text_extensions: list[str] | None = None, allow_broad_root: bool | None = None) -> Any:
    """Add a workspace: a root folder, indexed by ``index.run`` — and, by a daemon that
    watches, right away in the background and on every change.

    ``code`` turns code indexing on or off; ``include``/``exclude`` are globs;
    ``text_extensions`` declares extra plain-text extensions; ``allow_broad_root``
    accepts the home folder or a folder above it (refused by default, -32602)."""
    _absolute_root(root)
    return ctx.add_workspace(root, name=name, code=code, include=include, exclude=exclude,
                             text_extensions=text_extensions, allow_broad_root=allow_broad_root)


@method("workspace.list")
def workspace_list(ctx: Context) -> Any:
    """Every workspace in the store with its root and patterns."""
    return ctx.service.list_workspaces()


_SETTINGS = {"code": bool, "include": list[str], "exclude": list[str], "text_extensions": list[str]}


def _settings(settings: dict, include, exclude, text_extensions) -> tuple:
    for key, value in settings.items():
        hint = _SETTINGS.get(key)
        if hint is None:
            raise InvalidParams(f"invalid params: unknown setting '{key}' for workspace.configure "
                                f"(accepted: {', '.join(_SETTINGS)})", data={"param": key})
        if value is not None and not matches(value, hint):
            raise InvalidParams(f"invalid params: '{key}' must be {type_name(hint)}, got {json_type(value)}",
                                data={"param": key})
    return (settings.get("code"), settings.get("include", include), settings.get("exclude", exclude),
            settings.get("text_extensions", text_extensions))


@method("workspace.configure", writes=True)
def workspace_configure(ctx: Context, workspace: str = REQUIRED, code: bool | dict | None = None,
                        include: list[str] | None = None, exclude: list[str] | None = None,
                        text_extensions: list[str] | None = None) -> Any:
    """Change a workspace's settings (only those given); a watching daemon re-indexes
    the workspace under the new settings. Also positional: ``["ws", {include, exclude,
    text_extensions, code}]``."""
    if isinstance(code, dict):  # the positional form: the settings as one object
        code, include, exclude, text_extensions = _settings(code, include, exclude, text_extensions)
    result = ctx.service.configure_workspace(
        workspace, **_given(code=code, include=include, exclude=exclude,
                            text_extensions=text_extensions))
    ctx.workspaces_changed(result)
    return result


@method("workspace.set_patterns", writes=True)
def workspace_set_patterns(ctx: Context, workspace: str = REQUIRED,
                           include: list[str] | None = None,
                           exclude: list[str] | None = None) -> Any:
    """Replace a workspace's include and/or exclude globs."""
    if include is None and exclude is None:
        raise InvalidParams("invalid params: give 'include' or 'exclude' (or both)",
                            data={"param": "include"})
    return workspace_configure(ctx, workspace, include=include, exclude=exclude)


@method("workspace.set_text_extensions", writes=True)
def workspace_set_text_extensions(ctx: Context, workspace: str = REQUIRED,
                                  extensions: list[str] = REQUIRED) -> Any:
    """Declare the extensions read as plain text. A registered code extension is refused
    (-32602); existing overlaps are reported as ``text_collisions``."""
    result = ctx.service.set_text_extensions(workspace, extensions)
    ctx.workspaces_changed(result)
    return result


@method("workspace.remove", writes=True)
def workspace_remove(ctx: Context, workspace: str = REQUIRED) -> Any:
    """Remove a workspace and everything indexed from it."""
    result = ctx.service.remove_workspace(workspace)
    ctx.workspaces_changed(None)
    return result


@method("workspace.move", writes=True)
def workspace_move(ctx: Context, workspace: str = REQUIRED, root: str = REQUIRED) -> Any:
    """Point a workspace at the folder it was moved to (an absolute path), keeping its
    index: the next run reads only the files that changed. The answer adds
    ``moved_from`` and how many of a sample of its indexed files are at the new root
    (``found`` of ``sampled``)."""
    _absolute_root(root)
    result = ctx.service.move_workspace(workspace, root)
    ctx.workspaces_changed(result)
    return result


# --- indexing ---------------------------------------------------------------------------

@method("index.run", writes=True)
def index_run(ctx: Context, workspace: str | None = None, paths: list[str] | None = None,
              embed: bool | None = None, model: str | None = None) -> Any:
    """Index a workspace incrementally (every workspace when none is named); returns the
    run's counts. ``paths`` limits the run to those files; ``embed`` false skips the
    embedding stage; ``model`` names the embedding model. ``index.status`` shows
    progress meanwhile."""
    return ctx.index(workspace, **_given(paths=paths, embed=embed, model=model))


@method("index.status")
def index_status(ctx: Context, workspace: str | list[str] | None = None) -> Any:
    """Counts, last index time, refusals with reasons, and progress of a running index;
    of one workspace, a list of them, or (null) every one."""
    return ctx.status(workspace)


# --- search -----------------------------------------------------------------------------

SEARCH_OPTIONS: dict[str, Any] = {
    "paths": list[str] | None, "path_globs": list[str] | None, "tags_any": list[str] | None,
    "languages": list[str] | None, "kinds": list[str] | None, "mode": str | None,
    "rerank": bool | str | None, "limit": int | None, "files": bool | None,
}


@method("search.query")
def search_query(ctx: Context, workspace: str | list[str] | None = None, query: str = REQUIRED,
                 options: dict | None = None, *, paths: list[str] | None = None,
                 path_globs: list[str] | None = None, tags_any: list[str] | None = None,
                 languages: list[str] | None = None, kinds: list[str] | None = None,
                 mode: str | None = None, rerank: bool | str | None = None,
                 limit: int | None = None, files: bool | None = None) -> Any:
    """Hybrid search over chunks: ``search.query(workspace, query, {paths, path_globs,
    tags_any, languages, kinds, mode, rerank, limit, files})`` — options either in the
    third argument or as named parameters. ``workspace`` null searches every workspace,
    a list those workspaces (as the ``symbol.*`` methods read it).
    ``files`` answers ranked files, each with its best chunks. The answer carries
    ``indexing: true`` while a workspace it covers is indexed for the first time, and
    ``filtered_out`` when the filters left no hit the query alone finds."""
    opts = _given(paths=paths, path_globs=path_globs, tags_any=tags_any, languages=languages,
                  kinds=kinds, mode=mode, rerank=rerank, limit=limit, files=files)
    for key, value in (options or {}).items():
        if key not in SEARCH_OPTIONS:
            raise InvalidParams(f"invalid params: unknown search option 'options.{key}' "
                                f"(accepted: {', '.join(SEARCH_OPTIONS)})",
                                data={"param": f"options.{key}"})
        if not matches(value, SEARCH_OPTIONS[key]):
            raise InvalidParams(f"invalid params: 'options.{key}' must be "
                                f"{type_name(SEARCH_OPTIONS[key])}, got {json_type(value)}",
                                data={"param": f"options.{key}"})
        if value is not None:
            opts.setdefault(key, value)
    if "limit" in opts:
        opts["limit"] = clamp_limit("search.query", opts["limit"])
    return ctx.search(query, workspace=workspace, **opts)


# --- symbols ----------------------------------------------------------------------------

def _symbol(ctx: Context, op: str, rpc: str, name: str, workspace: str | list[str] | None,
            **extra: Any) -> Any:
    return ctx.lookup(op, name, workspace, clamp=lambda n: clamp_limit(rpc, n), **extra)


@method("symbol.definition")
def symbol_definition(ctx: Context, name: str = REQUIRED, workspace: str | list[str] | None = None,
                      limit: int | None = None, lsp: bool | None = None) -> Any:
    """Where a qualified name (``server.Handler.ServeHTTP``, ``mypkg.Widget``,
    ``Widget.render``) is defined: every plausible candidate, with ``total`` and
    ``truncated``. A bare name answers with the qualified names ending in it
    (``matches``). ``lsp: true`` hands the answer to a real language server when one is
    found (``source`` says which answered). ``workspace``: a name or root, a list of
    them, or null for every workspace (every ``symbol.*`` method alike)."""
    return _symbol(ctx, "definition", "symbol.definition", name, workspace, limit=limit, lsp=lsp)


@method("symbol.references")
def symbol_references(ctx: Context, name: str = REQUIRED, workspace: str | list[str] | None = None,
                      limit: int | None = None, all: bool | None = None, lsp: bool | None = None) -> Any:
    """Files and first positions that reference a qualified name (through imports and
    the types the code states); ``all: true`` lists every position."""
    return _symbol(ctx, "references", "symbol.references", name, workspace, limit=limit,
                   every=all, lsp=lsp)


@method("symbol.implementations")
def symbol_implementations(ctx: Context, name: str = REQUIRED, workspace: str | list[str] | None = None,
                           limit: int | None = None, lsp: bool | None = None) -> Any:
    """Types implementing an interface / trait / base class given by qualified name."""
    return _symbol(ctx, "implementations", "symbol.implementations", name, workspace, limit=limit,
                   lsp=lsp)


@method("symbol.describe")
def symbol_describe(ctx: Context, name: str = REQUIRED, workspace: str | list[str] | None = None,
                    include_body: bool | None = None, lsp: bool | None = None) -> Any:
    """Signature, doc comment and location of a qualified name (``include_body``: its
    source too)."""
    return _symbol(ctx, "describe", "symbol.describe", name, workspace, include_body=include_body,
                   lsp=lsp)


@method("symbol.search")
def symbol_search(ctx: Context, query: str = REQUIRED, workspace: str | list[str] | None = None,
                  limit: int | None = None, definitions: bool | None = None) -> Any:
    """Fuzzy search over known qualified names (partial names, camel humps);
    ``definitions: true`` adds each qualified name's ``definition`` (the first candidate
    ``symbol.definition`` lists), in this one call."""
    return _symbol(ctx, "symbols", "symbol.search", query, workspace, limit=limit, definitions=definitions)


@method("symbol.list")
def symbol_list(ctx: Context, workspace: str | list[str] | None = None, prefix: str | None = None,
                kinds: list[str] | None = None, limit: int | None = None) -> Any:
    """Known qualified names, optionally under a prefix (``mypkg.``) or of some kinds."""
    return ctx.list_symbols(workspace, prefix, kinds, limit,
                            clamp=lambda n: clamp_limit("symbol.list", n))


@method("file.outline")
def file_outline(ctx: Context, path: str = REQUIRED, workspace: str | None = None) -> Any:
    """The symbols a file defines, in order, with kinds and lines."""
    return ctx.outline(path, workspace)


@method("ast.query")
def ast_query(ctx: Context, query: str = REQUIRED, language: str | None = None,
              paths: list[str] | None = None, workspace: str | None = None,
              limit: int | None = None) -> Any:
    """Run a tree-sitter query (S-expression) over a workspace's files of ``language``
    (or the given ``paths``, confined to the workspace); returns the captures."""
    return ctx.query_ast(query, language, paths, workspace, clamp_limit("ast.query", limit))


# --- documents --------------------------------------------------------------------------

@method("doc.read")
def doc_read(ctx: Context, path: str = REQUIRED, workspace: str | None = None,
             offset: int = 0, limit: int = DEFAULT_READ_CHARS,
             line_start: int | None = None, line_end: int | None = None) -> Any:
    """Read a file of a workspace (paths outside it are refused). Derived formats
    (.html/.htm/.docx) are served as read-only Markdown. Long text is cut at a paragraph
    end with a marker line; continue with ``offset=next_offset``."""
    return ctx.service.read_document(path, workspace, offset=offset, limit=limit,
                                     line_start=line_start, line_end=line_end)


# --- system -----------------------------------------------------------------------------

@method("sys.capabilities")
def sys_capabilities(ctx: Context) -> Any:
    """Chunkers with versions, languages, derived formats, embedding model, ranker and the
    methods this daemon serves."""
    caps: dict[str, Any] = {"version": __version__, **Service.build_capabilities(), "model": None,
                            "ranker": None, "methods": [m.describe() for m in TABLE]}
    service_caps = getattr(_safe_service(ctx), "capabilities", None)
    if callable(service_caps):
        extra = service_caps()
        if isinstance(extra, dict):
            caps.update((k, v) for k, v in extra.items() if k != "methods")
    return caps


def _safe_service(ctx: Context):
    try:
        return ctx.service
    except LodeError:
        return None


@method("sys.stats")
def sys_stats(ctx: Context) -> Any:
    """The daemon's load: open connections, requests served, cancelled (client gone) and
    timed out, input bytes buffered, resident memory."""
    return ctx.stats()


@method("sys.shutdown")
def sys_shutdown(ctx: Context) -> Any:
    """Stop the daemon after answering (the socket is owner-only)."""
    if ctx.shutdown is None:  # the handlers called outside a serving daemon
        raise LodeError("this daemon is not serving: nothing to stop")
    ctx.shutdown()
    return {"stopping": True}
