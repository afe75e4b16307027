"""``lode chunk FILE…``: the chunker alone, for inspection and scripts."""

from __future__ import annotations

import sys

import click

from . import main
from .output import crumb_after_path, fail, json_line, out

KIND_STYLE = {"header": "dim", "gap": "dim", "section": "cyan", "text": "white"}


@main.command("chunk")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per chunk per line.")
def chunk_command(files: tuple[str, ...], as_json: bool) -> None:
    """Chunk FILES and print the chunks (the partition lode indexes)."""
    from rich.markup import escape

    from ..errors import FileRefused
    from ..service import Service

    failed = False
    for path in files:
        try:
            chunks = Service.chunk_path(path)
        except FileRefused as exc:
            fail(f"{exc.path}: {exc.reason}")
            failed = True
            continue
        for c in chunks:
            if as_json:
                json_line(c)
            else:
                style = KIND_STYLE.get(c["kind"], "bold green")
                lexical = "" if c["embed"] else " [dim](lexical only)[/]"
                crumb = crumb_after_path(c["breadcrumb"], c["path"])
                out.print(f"[magenta]{escape(c['path'])}:{c['line_start']}-{c['line_end']}[/] "
                          f"[{style}]{c['kind']}[/]{' ' + escape(crumb) if crumb else ''}{lexical}")
    sys.exit(1 if failed else 0)
