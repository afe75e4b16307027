"""``lode search QUERY``: lexical (code-aware) search over indexed chunks."""

from __future__ import annotations

import os

import click

from . import main
from .common import db_option, json_option, open_service, run_or_exit, workspace_option
from .output import fail, json_line, out, shown
from .remote import Unusable, answer, no_daemon_option, workspace_for_path

RPC_MAX_LIMIT = 200  # search.query's largest limit; a larger one is answered from the store


@main.command("search")
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", "-n", type=click.IntRange(1, 1000), default=10, show_default=True)
@click.option("--path", "paths", multiple=True, metavar="PREFIX", help="Only under this path (repeatable).")
@click.option("--glob", "globs", multiple=True, metavar="GLOB", help="Only paths matching; !GLOB excludes (repeatable).")
@click.option("--lang", "languages", multiple=True, metavar="LANG", help="Only this language (repeatable).")
@click.option("--kind", "kinds", multiple=True, metavar="KIND", help="Only this chunk kind (repeatable).")
@click.option("--tag", "tags", multiple=True, type=click.Choice(["code", "prose"]), help="Only code or prose.")
@click.option("--mode", type=click.Choice(["lexical", "semantic", "hybrid", "auto"]), default=None,
              help="auto (default): hybrid when the workspace has vectors, else lexical.")
@click.option("--rerank", is_flag=True, help="Re-score the top hits by their full bodies; fails if no ranker can.")
@click.option("--files", "files", is_flag=True, help="Ranked files, each with its best chunks.")
@workspace_option
@db_option
@no_daemon_option
@json_option
def search_command(query, limit, paths, globs, languages, kinds, tags, mode, rerank, files, workspace, db_path,
                   no_daemon, as_json):
    """Search for QUERY: identifiers (parts match too: `vectors` finds reclaimVectors),
    words, or "quoted literals". Inside an indexed workspace only that workspace is
    searched; elsewhere every workspace in the store."""
    text = " ".join(query)
    opts = {"limit": limit}
    for key, value in (("paths", paths), ("path_globs", globs), ("languages", languages),
                       ("kinds", kinds), ("tags_any", tags)):
        if value:
            opts[key] = list(value)
    if mode:
        opts["mode"] = mode
    if files:
        opts["files"] = True

    def remote(daemon):
        if limit > RPC_MAX_LIMIT:
            raise Unusable("limit over the daemon's maximum")
        ws = workspace or workspace_for_path(daemon.call("workspace.list"), os.getcwd())
        options = {**opts, "rerank": True} if rerank else opts  # True is "required"
        return daemon.call("search.query", {"workspace": ws, "query": text, "options": options})

    def local():
        svc = open_service(db_path)
        ws = workspace or svc.workspace_for_path(os.getcwd())
        return svc.search(text, ws, **({**opts, "rerank": "required"} if rerank else opts))

    result = run_or_exit(lambda: answer(db_path, no_daemon, remote, local))
    if as_json:
        json_line(result)
        return
    hits = result["hits"]
    if not hits:
        fail(f"no match for {text!r}")
        raise SystemExit(1)
    from rich.markup import escape
    from rich.text import Text

    pattern = None
    if out.color_system:  # highlighting only shows in colour; the search package is a slow import
        from ..service import Service

        pattern = Service.highlighter(result["terms"])
    many = len(result["workspaces"]) > 1
    if files:
        for f in result["files"]:
            where = f"{f['workspace']}:" if many else ""
            out.print(f"[magenta]{escape(shown(where + f['path']))}[/] [dim]{f['language'] or ''}[/]")
            for h in f["chunks"]:
                out.print(f"    [magenta]:{h['snippet_line']}[/] [dim]{h['kind']}[/] [bold]{escape(shown(h['breadcrumb']))}[/]")
        out.print(f"[dim]{len(result['files'])} files in {result['timings_ms']['total']:.1f} ms ({result['mode_used']})[/]")
        return
    for h in hits:
        where = f"{h['workspace']}:" if many else ""
        held = f" [yellow](held: {h['hold']})[/]" if h.get("hold") else ""  # from a plug-in this build lacks
        out.print(f"[magenta]{escape(shown(where + h['path']))}:{h['snippet_line']}[/] [dim]{h['kind']}[/] "
                  f"[bold]{escape(shown(h['breadcrumb']))}[/]{held}")
        snippet = Text(h["snippet"])
        if pattern is not None:
            snippet.highlight_regex(pattern, "bold yellow")
        out.print(Text("    ").append(Text("\n    ").join(snippet.split("\n"))))
    note = result["mode_used"] + (", reranked" if result.get("rank", {}).get("used") else "")
    if mode and mode != "lexical" and result["mode_used"] == "lexical":
        note += f"; semantic unavailable: {result['semantic'].get('reason', '')}"
    out.print(f"[dim]{len(hits)} hits in {result['timings_ms']['total']:.1f} ms ({escape(note)})[/]")
