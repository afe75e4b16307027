"""``lode search QUERY``: lexical (code-aware) search over indexed chunks."""

from __future__ import annotations

import os

import click
from rich.markup import escape
from rich.text import Text

from ..search.snippet import highlighter
from . import main
from .common import db_option, json_option, open_service, run_or_exit, workspace_option
from .output import fail, json_line, out


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
@workspace_option
@db_option
@json_option
def search_command(query, limit, paths, globs, languages, kinds, tags, mode, rerank, workspace, db_path, as_json):
    """Search for QUERY: identifiers (parts match too: `vectors` finds reclaimVectors),
    words, or "quoted literals". Inside an indexed workspace only that workspace is
    searched; elsewhere every workspace in the store."""
    svc = open_service(db_path)
    text = " ".join(query)

    def run():
        ws = workspace or svc.workspace_for_path(os.getcwd())
        opts = {"limit": limit}
        for key, value in (("paths", paths), ("path_globs", globs), ("languages", languages),
                           ("kinds", kinds), ("tags_any", tags)):
            if value:
                opts[key] = list(value)
        if mode:
            opts["mode"] = mode
        if rerank:
            opts["rerank"] = "required"
        return svc.search(text, ws, **opts)

    result = run_or_exit(run)
    if as_json:
        json_line(result)
        return
    hits = result["hits"]
    if not hits:
        fail(f"no match for {text!r}")
        raise SystemExit(1)
    pattern = highlighter(result["terms"])
    many = len(result["workspaces"]) > 1
    for h in hits:
        where = f"{h['workspace']}:" if many else ""
        out.print(f"[magenta]{escape(where + h['path'])}:{h['snippet_line']}[/] [dim]{h['kind']}[/] "
                  f"[bold]{escape(h['breadcrumb'])}[/]")
        snippet = Text(h["snippet"])
        if pattern is not None:
            snippet.highlight_regex(pattern, "bold yellow")
        out.print(Text("    ").append(Text("\n    ").join(snippet.split("\n"))))
    note = result["mode_used"] + (", reranked" if result.get("rank", {}).get("used") else "")
    if mode and mode != "lexical" and result["mode_used"] == "lexical":
        note += f"; semantic unavailable: {result['semantic'].get('reason', '')}"
    out.print(f"[dim]{len(hits)} hits in {result['timings_ms']['total']:.1f} ms ({escape(note)})[/]")
