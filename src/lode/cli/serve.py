"""``lode serve`` (the JSON-RPC daemon), ``lode mcp`` (the MCP server on stdio) and the
printing side of ``lode --call``."""

from __future__ import annotations

import json
import logging
import sys

import click

from ..errors import LodeError
from . import main
from .common import run_or_exit
from .options import reject_empty_db
from .output import fail, json_line


@main.command("serve")
@click.option("--socket", "socket_path", metavar="PATH", envvar="LODE_SOCKET",
              help="Unix socket to listen on (default: per user, see `lode --help`).")
@click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB", callback=reject_empty_db,
              help="The store (default: $LODE_DB, else per user).")
@click.option("--no-watch", is_flag=True, help="Do not watch workspaces for changes.")
@click.option("--verbose", "-v", is_flag=True, help="Log each re-index and connection issue.")
def serve_command(socket_path: str | None, db_path: str | None, no_watch: bool, verbose: bool) -> None:
    """Run the daemon: JSON-RPC 2.0 over a Unix socket (owner-only), one JSON message per
    line, shared by all clients; watches workspaces and re-indexes changed files."""
    from ..rpc.server import Daemon

    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    _check_plugins()
    # warm: the search code, the embedding model and the vectors load as it starts
    # (Session.warm_up, as lode mcp's), not in a client's first query
    daemon = Daemon(socket_path, db_path, watch=not no_watch, warm=True)
    try:
        daemon.run()
    except LodeError as exc:
        fail(exc.message)
        sys.exit(exc.exit_code)
    # Stopped (SIGTERM, sys.shutdown): the daemon has ended its work under way — an index
    # run stops at its next file or batch, each batch written whole, and the next run
    # picks up where it stopped — so the process simply ends (language servers kept warm
    # for hand-offs stop as it exits).


def _check_plugins() -> None:
    """A broken plug-in stops a server before it serves anything (exit 4, naming it)."""
    from ..service import Service

    try:
        Service.check_plugins()
    except LodeError as exc:
        fail(exc.message)
        sys.exit(exc.exit_code)


# The smallest --budget: one hit with its note fits in it. Below it (a negative number,
# a few hundred: a typo) every answer was cut to "kept 0 of N" and the server ran on.
MIN_BUDGET_CHARS = 1000


@main.command("mcp")
@click.option("--db", "db_path", metavar="PATH|URL", envvar="LODE_DB", callback=reject_empty_db,
              help="The store (default: $LODE_DB, else per user).")
@click.option("--watch/--no-watch", default=True, show_default=True,
              help="Re-index workspaces as their files change.")
@click.option("--budget", type=click.IntRange(min=MIN_BUDGET_CHARS), default=None, metavar="CHARS",
              help="Largest answer in characters (default keeps answers well under 25k tokens; "
                   f"at least {MIN_BUDGET_CHARS}).")
@click.option("--root", "roots", multiple=True, metavar="PATH",
              type=click.Path(exists=True, file_okay=False),
              help="Add PATH as a workspace if new and index it in the background (repeatable).")
@click.option("--text-ext", "text_extensions", multiple=True, metavar="EXT",
              help="Also read files with this extension as text in the --root workspaces "
                   "(e.g. .rst; repeatable).")
@click.option("--lsp", "hand_off", is_flag=True,
              help="Hand symbol lookups to a real language server when one is found.")
@click.option("--allow-broad-root", is_flag=True,
              help="Accept a --root that is the home folder or a folder above it.")
def mcp_command(db_path: str | None, watch: bool, budget: int | None, roots: tuple[str, ...],
                text_extensions: tuple[str, ...], hand_off: bool, allow_broad_root: bool) -> None:
    """Run the MCP server for coding agents on stdio (tools: search, find_definition,
    find_references, …, index_status, read). Typical agent configuration: `lode mcp --root .`"""
    from ..mcp.server import run

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    _check_plugins()
    run_or_exit(lambda: run(db_path, watch=watch, budget=budget, roots=roots, text_extensions=text_extensions,
                            hand_off=hand_off, allow_broad_root=allow_broad_root))


def call_and_print(method: str, params_text: str | None, socket_path: str | None,
                   db_path: str | None = None) -> int:
    """``lode --call``: the result as JSON on stdout (exit 0), or ``error CODE: message``
    on stderr and the error's exit code. With ``--socket`` and no daemon there, a daemon
    is started only when ``--db`` says which store it serves: silently serving the
    default store on someone's chosen socket would answer from the wrong index."""
    from ..rpc.client import NoDaemon, RemoteError, connect

    params = None
    if params_text is not None:
        try:
            params = json.loads(params_text)
        except ValueError as exc:
            fail(f"params are not valid JSON: {exc}")
            return 2
        if not isinstance(params, (list, dict)):
            fail("params must be a JSON array or object")
            return 2
    start = socket_path is None or db_path is not None
    try:
        try:
            client = connect(socket_path, db_path, start=start)
        except NoDaemon as exc:
            fail(exc.message if start else
                 f"{exc.message}; give --db PATH (or $LODE_DB) to start a daemon on that socket")
            return exc.exit_code
        with client:
            result = client.call(method, params)
    except RemoteError as exc:
        fail(f"error {exc.rpc_code}: {exc.message}")
        return exc.exit_code
    except LodeError as exc:
        fail(exc.message)
        return exc.exit_code
    json_line(result)
    return 0
