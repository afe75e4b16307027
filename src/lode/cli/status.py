"""``lode status``: what the store holds, per workspace."""

from __future__ import annotations

import datetime
import shlex

import click

from . import main
from .common import open_service, run_or_exit
from .options import db_option, json_option
from .output import json_line, out, shown


HELD_SHOWN = 20  # held files listed by name; a store shared with a PDF build may hold thousands


def _when(ts) -> str:
    if not ts:
        return "never"
    return datetime.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M:%S")


def _count(n: int, noun: str, width: int) -> str:
    """``     1 file `` / ``    12 files``: the number right-aligned, the noun agreeing."""
    return f"{n:>{width}} {noun}" + ("s" if n != 1 else " ")


@main.command("status")
@click.option("--workspace", "-w", metavar="NAME|PATH", default=None,
              help="Only this workspace (name or root); default: every workspace.")
@db_option
@json_option
def status_command(workspace, db_path, as_json):
    """Files, chunks, languages, refusals with reasons and last index time."""
    svc = open_service(db_path, as_json=as_json)
    result = run_or_exit(lambda: svc.status(workspace), as_json)
    if as_json:
        json_line(result)
        return
    from rich.markup import escape

    from ..service import Service

    out.print(f"[bold]store[/] {escape(result['db'])} ({result['size_bytes'] / 1e6:.1f} MB)")
    if not result["workspaces"]:
        out.print("no workspaces yet: run [bold]lode index PATH[/]")
    for ws in result["workspaces"]:
        out.print(f"\n[bold green]{escape(ws['name'])}[/] {escape(ws['root'])}")
        out.print(f"  {ws['files']} files, {ws['lines']} lines, {ws['chunks']} chunks; "
                  f"generation {ws['generation']}, last indexed {_when(ws['indexed_at'])}"
                  + (f" in {ws['index_seconds']:.2f}s" if ws.get("index_seconds") else ""))
        width = max([12, *map(len, ws["languages"])])  # counts in one column
        for lang, n in ws["languages"].items():
            as_text = "  [dim](read as text: no grammar)[/]" if Service.read_as_text(lang) else ""
            counts = f"{_count(n['files'], 'file', 6)} {_count(n['chunks'], 'chunk', 8)}"
            out.print(f"  [cyan]{escape(lang):<{width}}[/] {counts if as_text else counts.rstrip()}{as_text}")
        if ws.get("root_missing"):
            name = escape(shlex.quote(ws["name"]))
            out.print(f"  [red]root missing[/] (moved or deleted?): answers come from its last index; "
                      f"restore the folder, point the workspace at its new place with lode workspace move "
                      f"{name} NEW_PATH (its index is kept), or forget it with lode workspace remove {name}")
        if ws.get("root_empty"):
            out.print(f"  [red]root empty[/] (an unmounted drive?): answers come from its last index, which "
                      f"index runs keep until files are there again; forget it with lode workspace remove "
                      f"{escape(shlex.quote(ws['name']))}")
        if ws["text_collisions"]:
            out.print(f"  [yellow]text_collisions[/]: {', '.join(ws['text_collisions'])}")
        if ws["refused"]:
            out.print(f"  [red]{len(ws['refused'])} refused[/]:")
            for r in ws["refused"]:
                out.print(f"    {escape(shown(r['path']))}: {escape(r['reason'])}")
        held = {h["path"] for h in ws.get("held_files", [])}
        if held:  # kept as another build (or an earlier conversion) indexed them
            out.print(f"  [magenta]{ws['held']} held[/]:")
            for h in ws["held_files"][:HELD_SHOWN]:
                out.print(f"    {escape(shown(h['path']))} ({h['hold']}): {escape(h['reason'])}")
            if len(held) > HELD_SHOWN:
                out.print(f"    … and {len(held) - HELD_SHOWN} more (--json lists them all)")
        for n in ws.get("notes", []):
            if n["path"] not in held:  # a held file's note is its reason, shown above
                out.print(f"  [yellow]note[/] {escape(shown(n['path']))}: {escape(n['note'])}")
