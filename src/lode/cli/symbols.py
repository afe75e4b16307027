"""Symbol commands: ``def``, ``refs``, ``impls``, ``describe``, ``symbols`` (fuzzy),
``outline`` and ``query-ast``. Each opens the store, calls :mod:`lode.symbols.api`
and prints the result (``--json`` for scripts)."""

from __future__ import annotations

import os
import sys

import click
from rich.markup import escape

from ..errors import LodeError
from ..store import Store, resolve_db_path
from ..symbols import api
from . import main
from .output import fail, json_line, out

_db = click.option("--db", "db_path", metavar="PATH", envvar="LODE_DB",
                   help="The store (default: $LODE_DB, else per user).")
_ws = click.option("--workspace", "-w", metavar="NAME", default=None,
                   help="Only this workspace (name or root); default: every workspace.")
_json = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
_limit = click.option("--limit", "-n", type=int, default=None, help="At most this many results.")


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


def _store(db_path):
    return Store(resolve_db_path(db_path))


def _where(c: dict) -> str:
    return f"[magenta]{escape(c['path'])}:{c['line']}:{c.get('column', 1)}[/]"


def _print_candidates(items: list[dict], empty: str) -> bool:
    if not items:
        fail(empty)
        return False
    for c in items:
        extra = []
        if c.get("via"):
            extra.append(f"via {escape(c['via'])} → {escape(c.get('target', ''))}")
        if c.get("module"):
            extra.append(f"module {escape(c['module'])}")
        if c.get("test"):
            extra.append("test")
        tail = f" [dim]({'; '.join(extra)})[/]" if extra else ""
        detail = f" {c['detail']}" if c.get("detail") else ""
        out.print(f"{_where(c)} [cyan]{c['kind']}{detail}[/] [bold]{escape(c['name'])}[/]{tail}")
    return True


@main.command("def")
@click.argument("name")
@_db
@_ws
@_limit
@_json
def def_command(name, db_path, workspace, limit, as_json):
    """Where NAME (a qualified name: pkg.Type.method, mypkg.Widget) is defined.

    Every plausible candidate is listed, best first; --json prints
    {"candidates": [{"name", "path", "line", "column", "kind", "module"}, …]}."""
    _run(lambda: api.definition(_store(db_path), name, workspace, limit or 100), as_json,
         lambda r: _print_candidates(r["candidates"], f"no definition of {r['name']} in the index"))


@main.command("refs")
@click.argument("name")
@_db
@_ws
@_limit
@_json
def refs_command(name, db_path, workspace, limit, as_json):
    """Files that reference NAME (first position per file), through resolved imports."""
    _run(lambda: api.references(_store(db_path), name, workspace, limit or 100), as_json,
         lambda r: _print_candidates(r["references"], f"no references to {r['name']} in the index"))


@main.command("impls")
@click.argument("name")
@_db
@_ws
@_limit
@_json
def impls_command(name, db_path, workspace, limit, as_json):
    """Types implementing NAME: Go interfaces by method set, Rust `impl Trait for`,
    Python subclasses, TypeScript implements/extends."""
    _run(lambda: api.implementations(_store(db_path), name, workspace, limit or 100), as_json,
         lambda r: _print_candidates(r["implementations"], f"no implementations of {r['name']} in the index"))


@main.command("describe")
@click.argument("name")
@_db
@_ws
@_limit
@_json
def describe_command(name, db_path, workspace, limit, as_json):
    """Signature, doc comment and location of NAME (from its chunk)."""
    def render(r):
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
        return True
    _run(lambda: api.describe(_store(db_path), name, workspace, limit or 10), as_json, render)


@main.command("symbols")
@click.argument("query")
@_db
@_ws
@_limit
@_json
def symbols_command(query, db_path, workspace, limit, as_json):
    """Fuzzy search over known qualified names (partial names, subsequences, camel humps)."""
    store = None

    def call():
        nonlocal store
        store = _store(db_path)
        return api.search(store, query, workspace, limit or 20)

    def render(r):
        if not r["names"]:
            fail(f"no name matches {query!r} ({r['total_names']} names known)")
            return False
        for n in r["names"]:
            where = ""
            if "." in n["name"] or "/" in n["name"]:
                cands = api.definition(store, n["name"], workspace, 1)["candidates"]
                if cands:
                    where = f"  [dim]{escape(cands[0]['path'])}:{cands[0]['line']}[/]"
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
        store = _store(db_path) if (db_path or workspace or os.environ.get("LODE_DB")
                                    or resolve_db_path(None).exists()) else None
        if store is None:
            return api.outline(None, os.path.abspath(file))
        return api.outline(store, file, workspace)
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
            out.print(f"[magenta]{escape(c['path'])}:{c['line']}:{c['column']}[/] "
                      f"[cyan]@{escape(c['capture'])}[/] {escape(first)}")
        return bool(r["captures"])
    _run(lambda: api.query_ast(query, list(paths) or None, language, limit or 1000), as_json, render)
