"""``lode workspace move|remove``: re-root a workspace whose folder moved (its index kept),
or forget one and everything indexed from it."""

from __future__ import annotations

import click

from . import main
from .common import open_service, run_or_exit
from .options import db_option, json_option
from .output import json_line, out


@main.group("workspace")
def workspace_group() -> None:
    """Move or remove a workspace (lode status lists them)."""


@workspace_group.command("move")
@click.argument("workspace", metavar="NAME|OLD_ROOT")
@click.argument("root", metavar="NEW_ROOT", type=click.Path(file_okay=False))
@db_option
@json_option
def move_command(workspace, root, db_path, as_json):
    """Point a workspace at the folder it was moved to. Its index is kept: the next
    lode index reads only the files that changed (a move keeps times and sizes)."""
    from rich.markup import escape

    svc = open_service(db_path, as_json=as_json)
    result = run_or_exit(lambda: svc.move_workspace(workspace, root), as_json)
    svc.close()
    if as_json:
        json_line(result)
        return
    if result["moved_from"] == result["root"]:
        out.print(f"workspace {escape(result['name'])} already has its root at {escape(result['root'])}")
        return
    out.print(f"workspace {escape(result['name'])}: {escape(result['moved_from'])} -> {escape(result['root'])}; "
              f"{result['found']} of {result['sampled']} of its indexed files checked are there")
    if result["sampled"] and result["found"] < result["sampled"] // 2:
        out.print("[yellow]most of its files are not at the new root[/]: lode index there reads the "
                  "folder as it is (files not found leave the index)")
    out.print(f"run lode index {escape(_quoted(result['root']))} to bring it up to date")


@workspace_group.command("remove")
@click.argument("workspace", metavar="NAME|ROOT")
@db_option
@json_option
def remove_command(workspace, db_path, as_json):
    """Forget a workspace and everything indexed from it (its folder is not touched)."""
    from rich.markup import escape

    svc = open_service(db_path, as_json=as_json)
    result = run_or_exit(lambda: svc.remove_workspace(workspace), as_json)
    svc.close()
    if as_json:
        json_line(result)
    else:
        out.print(f"workspace {escape(result['removed'])} removed from the store "
                  f"(its folder {escape(result['root'])} is untouched)")


def _quoted(path: str) -> str:
    import shlex

    return shlex.quote(path)
