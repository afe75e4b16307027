"""``lode check``: SQLite's integrity check of the store, and ``--repair`` that makes it
whole again keeping every workspace (:mod:`lode.store.check`)."""

from __future__ import annotations

import click

from . import main
from .common import run_or_exit
from .options import db_option, json_option
from .output import fail, json_line, out

SHOWN_PROBLEMS = 10  # a damaged index gives one finding per row it misses


@main.command("check")
@click.option("--repair", is_flag=True,
              help="Rebuild a damaged store: its indexes in place, the full-text one from the "
                   "stored chunk texts (nothing lost), or, when its tables are damaged, every "
                   "workspace indexed again into a fresh store.")
@db_option
@json_option
def check_command(repair, db_path, as_json):
    """Check the store's pages (every table against its indexes); --repair mends them.
    Stop a daemon serving the store before a repair."""
    from ..config import is_postgres_url, resolve_db_text
    from ..errors import InvalidParams
    from ..service import Service

    path = resolve_db_text(db_path)
    server = is_postgres_url(path)  # its pages are the server's to check; lode checks its own tables
    if server and repair:
        run_or_exit(lambda: (_ for _ in ()).throw(InvalidParams(
            "lode check --repair mends a SQLite store; on a PostgreSQL store remove the damaged "
            "workspace (lode workspace remove NAME) and index it again")), as_json)
    if repair:
        _refuse_while_served(path, as_json)
        result = run_or_exit(lambda: Service.repair_store(path), as_json)
        result = {"db": path, **result, "problems": result["problems"][:SHOWN_PROBLEMS]}
        if as_json:
            json_line(result)
        elif result["repaired"] == "none":
            out.print(f"store {path}: ok, nothing to repair")
        elif result["repaired"] == "lexical":
            out.print(f"store {path}: its full-text index was damaged and is made again from the chunk "
                      "texts the store holds (no file read again); nothing was lost")
        elif result["repaired"] == "indexes":
            out.print(f"store {path}: its indexes were damaged and are rebuilt; nothing was lost")
        else:
            out.print(f"store {path}: its tables or full-text index were damaged; workspaces "
                      f"{', '.join(result['workspaces']) or '(none)'} indexed again into a fresh store "
                      f"(the damaged file is kept as {result['damaged_copy']}); run lode index to make "
                      "the vectors")
            if result["missing_roots"]:
                out.print(f"not indexed, their folders are gone: {', '.join(result['missing_roots'])}")
        return
    found = run_or_exit(lambda: Service.check_store(path), as_json)
    if as_json:
        json_line({"db": path, "ok": not found, "problems": found[:SHOWN_PROBLEMS]})
    elif found:
        for line in found[:SHOWN_PROBLEMS]:
            out.print(f"  {line}", markup=False, highlight=False)
        fail(f"store {path} is damaged ({len(found)} problem{'s' if len(found) != 1 else ''}"
             "): " + ("remove the damaged workspaces (lode workspace remove NAME) and index them again"
                      if server else "run lode check --repair (stop any daemon serving it first)"))
    else:
        out.print(f"store {path}: ok")
    if found:
        raise SystemExit(1)


def _refuse_while_served(path: str, as_json: bool) -> None:
    """A daemon serving the store would answer from its cache after an in-place repair,
    and keep writing the damaged file after a rebuilt one replaced it: the repair waits
    until it is stopped. (Asked whatever LODE_NO_DAEMON says: that is about answers.)"""
    import os

    from ..errors import LodeError
    from .common import exit_with
    from .remote import NO_DAEMON_ENV, daemon_for, socket_path

    saved = os.environ.pop(NO_DAEMON_ENV, None)
    try:
        daemon = daemon_for(path)
    finally:
        if saved is not None:
            os.environ[NO_DAEMON_ENV] = saved
    if daemon is not None:
        daemon.close()
        exit_with(LodeError(f"a daemon serving {path} is running (socket {socket_path()}): stop it "
                            "(lode --call sys.shutdown) and run lode check --repair again"), as_json)
