"""Symbol commands: ``def``, ``refs``, ``impls``, ``describe``, ``symbols`` (fuzzy),
``outline`` and ``query-ast``. Each calls the service and prints the result
(``--json`` for scripts). ``def``, ``refs``, ``impls``,
``describe`` and ``symbols`` ask a running daemon for the same store first
(:mod:`.remote`; ``--no-daemon`` opens the store): it returns the same dicts."""

from __future__ import annotations

import os
import sys

import click

from ..config import language_servers_allowed
from ..errors import LodeError
from . import main
from .output import fail, json_line, out, shown
from .remote import Unusable, answer, no_daemon_option

_db = click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB",
                   help="The store (default: $LODE_DB, else per user).")
_ws = click.option("--workspace", "-w", metavar="NAME", default=None,
                   help="Only this workspace (name or root); default: every workspace.")
_json = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
_limit = click.option("--limit", "-n", type=int, default=None, help="At most this many results.")
_no_lsp = click.option("--no-lsp", "no_lsp", is_flag=True,
                       help="Answer from the index only (no hand-off to a language server).")
_lsp_timeout = click.option("--lsp-timeout", type=float, default=None, metavar="SECONDS",
                            help="How long a language server may take, its start included "
                                 "(default: $LODE_LSP_TIMEOUT, else 5).")


def escape(text: str) -> str:
    from rich.markup import escape as rich_escape  # rich loads only when printing markup

    return rich_escape(text)


def _lsp_wanted(no_lsp: bool) -> bool:
    """Whether a hand-off to a language server can happen at all: not with --no-lsp,
    LODE_LSP=off, or no server's executable found (then the hand-off would return the
    index's answer unchanged, after importing the LSP client: ~0.5 s)."""
    if no_lsp or language_servers_allowed() == set():
        return False  # decided without importing the service
    from ..service import Service

    return Service.language_servers_found()


def _hands_off(daemon, result: dict, name: str, workspace, lsp: bool) -> bool:
    """Whether the store path would hand this look-up to a language server (the
    daemon answers from the index alone): only then is the daemon's answer not used.
    Mirrors :func:`lode.external.handoff.hand_off`: the anchor is the first definition
    candidate, the server the one found for its file's language."""
    if not lsp or "matches" in result:  # lsp: _lsp_wanted(), so some server exists
        return False
    from ..service import Service

    # The file's language by extension, as the daemon's registry has it (importing the
    # language registry here would cost more than the whole look-up).
    language = {ext: lang["name"] for lang in daemon.capabilities.get("languages", [])
                for ext in lang.get("extensions", ())}
    cands = result.get("candidates") or result.get("symbols")
    if cands is None:
        cands = daemon.call("symbol.definition", {"name": result.get("name", name),
                                                  **({"workspace": workspace} if workspace else {})})["candidates"]
    for c in cands[:5]:
        ext = os.path.splitext(c["path"])[1]
        lang = language.get(ext) or language.get(ext.lower())
        if lang is not None and Service.language_server_for(lang) is not None:
            return True
    return False


def _lookup(db_path, no_daemon, method: str, params: dict, local, name=None, workspace=None, lsp=False):
    """``method(params)`` answered by a daemon for this store, else ``local()``. The
    daemon's methods take no ``lsp``: when a language server would answer locally,
    the store path runs."""
    def remote(daemon):
        if any(v is Unusable for v in params.values()):
            raise Unusable("an option the daemon's method does not take")
        result = daemon.call(method, {k: v for k, v in params.items() if v is not None})
        if _hands_off(daemon, result, name, workspace, lsp):
            raise Unusable("a language server answers this")
        return result
    return lambda: answer(db_path, no_daemon, remote, local)


def _service(db_path, lsp_timeout):
    from ..service import Service

    if lsp_timeout is not None:
        os.environ["LODE_LSP_TIMEOUT"] = str(lsp_timeout)
    return Service(db_path)


def _source_note(r: dict) -> None:
    """Say where an answer came from when it is not the index, or why not."""
    if str(r.get("source", "")).startswith("lsp:"):
        out.print(f"[dim]answered by {escape(r['source'][4:])}[/]")
    elif r.get("lsp", {}).get("error"):
        out.print(f"[dim]index answer ({escape(r['lsp']['server'])}: {escape(r['lsp']['error'])})[/]")
    if r.get("truncated"):
        out.print(f"[dim]… {r['total']} in all; --limit shows more[/]")


def _matches(r: dict) -> bool:
    """A bare name answered with the qualified names ending in it."""
    if "matches" not in r:
        return False
    fail(r["note"])
    for m in r["matches"]:
        out.print(escape(m))
    return True


def _run(fn, as_json: bool, render) -> None:
    try:
        result = fn()
    except LodeError as exc:
        if as_json:
            json_line({"error": {"message": exc.message, "code": exc.rpc_code, **exc.data}})
        else:
            fail(exc.message)
        sys.exit(exc.exit_code)
    if as_json:
        json_line(result)
        return
    if not render(result):
        sys.exit(1)


def _where(c: dict) -> str:
    return f"[magenta]{escape(shown(c['path']))}:{c['line']}:{c.get('column', 1)}[/]"


def _print_candidates(items: list[dict], empty: str) -> bool:
    if not items:
        fail(empty)
        return False
    for c in items:
        extra = []
        if c.get("via"):
            extra.append(f"via {escape(c['via'])} → {escape(c.get('target', ''))}")
        if c.get("module"):
            extra.append(f"module {escape(shown(c['module']))}")
        if c.get("test"):
            extra.append("test")
        tail = f" [dim]({'; '.join(extra)})[/]" if extra else ""
        detail = f" {c['detail']}" if c.get("detail") else ""
        out.print(f"{_where(c)} [cyan]{c['kind']}{detail}[/] [bold]{escape(shown(c['name']))}[/]{tail}")
    return True


def _listing(key: str, empty: str):
    def render(r):
        if _matches(r):
            return False
        ok = _print_candidates(r[key], empty.format(name=r["name"]))
        _source_note(r)
        return ok
    return render


@main.command("def")
@click.argument("name")
@_db
@_ws
@_limit
@_no_lsp
@_lsp_timeout
@no_daemon_option
@_json
def def_command(name, db_path, workspace, limit, no_lsp, lsp_timeout, no_daemon, as_json):
    """Where NAME (a qualified name: pkg.Type.method, mypkg.Widget) is defined.

    Every plausible candidate is listed, best first; --json prints
    {"candidates": [{"name", "path", "line", "column", "kind", "module"}, …], "total",
    "truncated", "source"}. A language server for the file's language, when one is
    found, confirms the answer ("source": "lsp:<server>"); --no-lsp skips it."""
    _run(_lookup(db_path, no_daemon, "symbol.definition",
                 {"name": name, "workspace": workspace, "limit": Unusable if limit else None},
                 lambda: _service(db_path, lsp_timeout).definition(name, workspace, limit or 100, lsp=_lsp_wanted(no_lsp)),
                 name, workspace, _lsp_wanted(no_lsp)),
         as_json, _listing("candidates", "no definition of {name} in the index"))


@main.command("refs")
@click.argument("name")
@_db
@_ws
@_limit
@click.option("--all", "every", is_flag=True, help="Every position, not only the first per file.")
@_no_lsp
@_lsp_timeout
@no_daemon_option
@_json
def refs_command(name, db_path, workspace, limit, every, no_lsp, lsp_timeout, no_daemon, as_json):
    """Files that reference NAME (first position per file; --all: every position),
    through resolved imports and the types the code states; a language server, when
    one is found, answers instead (--no-lsp: the index only)."""
    _run(_lookup(db_path, no_daemon, "symbol.references",
                 {"name": name, "workspace": workspace, "every": Unusable if every else None,
                  "limit": Unusable if (limit or 0) > 5000 else limit or 100},
                 lambda: _service(db_path, lsp_timeout).references(name, workspace, limit or 100, every=every,
                                                                    lsp=_lsp_wanted(no_lsp)),
                 name, workspace, _lsp_wanted(no_lsp)),
         as_json, _listing("references", "no references to {name} in the index"))


@main.command("impls")
@click.argument("name")
@_db
@_ws
@_limit
@_no_lsp
@_lsp_timeout
@no_daemon_option
@_json
def impls_command(name, db_path, workspace, limit, no_lsp, lsp_timeout, no_daemon, as_json):
    """Types implementing NAME: Go interfaces by method set (embedded structs count),
    Rust `impl Trait for`, Python subclasses, TypeScript implements/extends; a language
    server, when one is found, answers instead (--no-lsp: the index only)."""
    _run(_lookup(db_path, no_daemon, "symbol.implementations",
                 {"name": name, "workspace": workspace, "limit": Unusable if limit else None},
                 lambda: _service(db_path, lsp_timeout).implementations(name, workspace, limit or 100,
                                                                         lsp=_lsp_wanted(no_lsp)),
                 name, workspace, _lsp_wanted(no_lsp)),
         as_json, _listing("implementations", "no implementations of {name} in the index"))


@main.command("describe")
@click.argument("name")
@_db
@_ws
@_limit
@click.option("--body", "include_body", is_flag=True, help="Print the definition's source too.")
@_no_lsp
@_lsp_timeout
@no_daemon_option
@_json
def describe_command(name, db_path, workspace, limit, include_body, no_lsp, lsp_timeout, no_daemon, as_json):
    """Signature, doc comment and location of NAME (from its chunk); a language
    server's hover text too when one is found (--no-lsp: the index only)."""
    def render(r):
        if _matches(r):
            return False
        if not r["symbols"]:
            fail(f"no definition of {r['name']} in the index")
            return False
        for s in r["symbols"]:
            out.print(f"{_where(s)} [cyan]{s['kind']}[/] [bold]{escape(s['name'])}[/]")
            if s.get("signature"):
                out.print(f"  [green]{escape(s['signature'])}[/]")
            if s.get("doc"):
                for line in s["doc"].splitlines():
                    out.print(f"  [dim]{escape(line)}[/]")
            if s.get("hover"):
                for line in s["hover"].splitlines():
                    out.print(f"  [yellow]{escape(line)}[/]")
            if s.get("body"):
                out.print(escape(s["body"].rstrip("\n")))
        _source_note(r)
        return True
    _run(_lookup(db_path, no_daemon, "symbol.describe",
                 {"name": name, "workspace": workspace, "limit": Unusable if limit else None,
                  "include_body": Unusable if include_body else None},
                 lambda: _service(db_path, lsp_timeout).describe(name, workspace, limit or 10,
                                                                 include_body=include_body, lsp=_lsp_wanted(no_lsp)),
                 name, workspace, _lsp_wanted(no_lsp)),
         as_json, render)


@main.command("symbols")
@click.argument("query")
@_db
@_ws
@_limit
@no_daemon_option
@_json
def symbols_command(query, db_path, workspace, limit, no_daemon, as_json):
    """Fuzzy search over known qualified names (partial names, subsequences, camel humps)."""
    service = None

    def local():
        nonlocal service
        service = _service(db_path, None)
        return service.symbols(query, workspace, limit or 20)

    def first_definition(name):
        if service is None:  # the names came from the daemon
            return _lookup(db_path, no_daemon, "symbol.definition", {"name": name, "workspace": workspace},
                           lambda: _service(db_path, None).definition(name, workspace, 1))()["candidates"][:1]
        return service.definition(name, workspace, 1)["candidates"]

    call = _lookup(db_path, no_daemon, "symbol.search",
                   {"query": query, "workspace": workspace,
                    "limit": Unusable if (limit or 0) > 1000 else limit or 20}, local)

    def render(r):
        if not r["names"]:
            fail(f"no name matches {query!r} ({r['total_names']} names known)")
            return False
        for n in r["names"]:
            where = ""
            if "." in n["name"] or "/" in n["name"]:
                cands = first_definition(n["name"])
                if cands:
                    where = f"  [dim]{escape(shown(cands[0]['path']))}:{cands[0]['line']}[/]"
            out.print(f"{escape(n['name'])}{where}")
        return True
    _run(call, as_json, render)


@main.command("outline")
@click.argument("file", type=click.Path(dir_okay=False))
@_db
@_ws
@_json
def outline_command(file, db_path, workspace, as_json):
    """The definitions in FILE, in order, nested (read from the file itself)."""
    def render(r):
        for s in r["symbols"]:
            out.print(f"{'  ' * s['depth']}[magenta]{s['line']}[/] [cyan]{s['detail'] or s['kind']}[/] "
                      f"{escape(s['name'])}")
        return True

    def call():
        from ..config import resolve_db_path
        from ..service import Service

        if db_path or workspace or os.environ.get("LODE_DB") or resolve_db_path(None).exists():
            return _service(db_path, None).outline(file, workspace)
        return Service.outline_file(os.path.abspath(file))
    _run(call, as_json, render)


@main.command("query-ast")
@click.argument("query")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.option("--language", "-l", default=None, help="Only files of this language.")
@_limit
@_json
def query_ast_command(query, paths, language, limit, as_json):
    """Run a tree-sitter QUERY (S-expression, with @captures) over PATHS (files or
    folders; default: the current folder) and print the captures."""
    if os.path.isfile(query):
        with open(query, encoding="utf-8") as f:
            query = f.read()

    def render(r):
        for e in r["errors"]:
            fail(f"{e.get('path') or e.get('language')}: {e['error']}")
        for c in r["captures"]:
            first = c["text"].splitlines()[0] if c["text"] else ""
            out.print(f"[magenta]{escape(shown(c['path']))}:{c['line']}:{c['column']}[/] "
                      f"[cyan]@{escape(c['capture'])}[/] {escape(first)}")
        return bool(r["captures"])
    def call():
        from ..service import Service

        return Service.query_ast_files(query, list(paths) or None, language, limit or 1000)
    _run(call, as_json, render)
