"""Symbol commands: ``def``, ``refs``, ``impls``, ``describe``, ``symbols`` (fuzzy),
``outline`` and ``query-ast``. Each calls the service and prints the result
(``--json`` for scripts). The look-ups answer from the workspace holding the current
folder (else every workspace), as ``search`` does; ``--workspace`` names another. ``def``, ``refs``, ``impls``,
``describe`` and ``symbols`` ask a running daemon for the same store first
(:mod:`.remote`; ``--no-daemon`` opens the store): it returns the same dicts. Their
bodies are in :mod:`.lookups` (they run without click too: :mod:`.fastpath`)."""

from __future__ import annotations

import os

import click

from . import lookups, main
from .lookups import _run, _service, escape
from .options import no_daemon_option, reject_empty_db
from .output import err, fail, out, shown

_db = click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB", callback=reject_empty_db,
                   help="The store (default: $LODE_DB, else per user).")
_ws = click.option("--workspace", "-w", metavar="NAME|PATH", default=None,
                   help="Only this workspace (name or root); default: the one containing the current "
                        "folder, else every workspace (as search).")
_file_ws = click.option("--workspace", "-w", metavar="NAME", default=None,
                        help="Only this workspace (name or root); default: every workspace.")
_json = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
_limit = click.option("--limit", "-n", type=click.IntRange(min=1), default=None, help="At most this many results.")
_no_lsp = click.option("--no-lsp", "no_lsp", is_flag=True,
                       help="Answer from the index only (no hand-off to a language server).")
_lsp_timeout = click.option("--lsp-timeout", type=click.FloatRange(min=0, min_open=True), default=None,
                            metavar="SECONDS",
                            help="How long a language server may take, its start included "
                                 "(default: $LODE_LSP_TIMEOUT, else 5).")


@main.command("def")
@click.argument("name")
@_db
@_ws
@_limit
@_no_lsp
@_lsp_timeout
@no_daemon_option
@_json
def def_command(**params):
    """Where NAME (a qualified name: pkg.Type.method, mypkg.Widget) is defined.

    Every plausible candidate is listed, best first; --json prints
    {"candidates": [{"name", "path", "line", "column", "kind", "module"}, …], "total",
    "truncated", "source"}. A language server for the file's language, when one is
    found, confirms the answer ("source": "lsp:<server>"); --no-lsp skips it."""
    lookups.definition(**params)


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
def refs_command(**params):
    """Files that reference NAME (first position per file; --all: every position),
    through resolved imports and the types the code states; a language server, when
    one is found, answers instead (--no-lsp: the index only)."""
    lookups.references(**params)


@main.command("impls")
@click.argument("name")
@_db
@_ws
@_limit
@_no_lsp
@_lsp_timeout
@no_daemon_option
@_json
def impls_command(**params):
    """Types implementing NAME: Go interfaces by method set (embedded structs count),
    Rust `impl Trait for`, subclasses and implemented interfaces elsewhere (Python,
    TypeScript, Java, C#, Kotlin, PHP, Ruby, C++); a language server, when one is
    found, answers instead (--no-lsp: the index only)."""
    lookups.implementations(**params)


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
def describe_command(**params):
    """Signature, doc comment and location of NAME (from its chunk); a language
    server's hover text too when one is found (--no-lsp: the index only)."""
    lookups.describe(**params)


@main.command("symbols")
@click.argument("query")
@_db
@_ws
@_limit
@no_daemon_option
@_json
def symbols_command(**params):
    """Fuzzy search over known qualified names (partial names, subsequences, camel humps)."""
    lookups.symbols(**params)


@main.command("outline")
@click.argument("file", type=click.Path(dir_okay=False))
@_db
@_file_ws
@_json
def outline_command(file, db_path, workspace, as_json):
    """The definitions in FILE, in order, nested (read from the file itself)."""
    def render(r):
        for s in r["symbols"]:
            out.print(f"{'  ' * s['depth']}[magenta]{s['line']}[/] [cyan]{s['detail'] or s['kind']}[/] "
                      f"{escape(s['name'])}")
        return True

    def call():
        from ..config import is_postgres_url, resolve_db_text
        from ..service import Service

        if not os.path.isabs(file):
            try:
                os.getcwd()
            except FileNotFoundError:  # deleted under the shell: a relative name names nothing
                from ..errors import NotFound

                raise NotFound(f"no such file: {file} (the current folder no longer exists)") from None
        # the store names the file's workspace (module paths from its root) when it holds
        # one; without a store the file alone answers (a named workspace needs the store)
        location = resolve_db_text(db_path)
        if workspace or is_postgres_url(location) or os.path.exists(location):
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
        # Without --language a query written for one language is tried on every file and
        # skipped where it does not compile: with captures found that is one quiet line,
        # with none each language's reason is the answer.
        skipped = [e["language"] for e in r["errors"] if "path" not in e]
        for e in r["errors"]:
            if "path" in e or not r["captures"]:
                fail(f"{e.get('path') or e.get('language')}: {e['error']}")
        if skipped and r["captures"]:
            err.print(f"[dim]skipped {escape(', '.join(skipped))} (the query does not compile for "
                      f"{'it' if len(skipped) == 1 else 'them'})[/]")
        for c in r["captures"]:
            first = c["text"].splitlines()[0] if c["text"] else ""
            out.print(f"[magenta]{escape(shown(c['path']))}:{c['line']}:{c['column']}[/] "
                      f"[cyan]@{escape(c['capture'])}[/] {escape(first)}")
        return bool(r["captures"])
    def call():
        from ..service import Service

        return Service.query_ast_files(query, list(paths) or None, language, limit or 1000)
    _run(call, as_json, render, lambda r: bool(r["captures"]))
