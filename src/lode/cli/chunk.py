"""``lode chunk FILE…``: the chunker alone, for inspection and scripts."""

from __future__ import annotations

import sys

import click

from . import main
from .output import fail, json_line, out

KIND_STYLE = {"header": "dim", "gap": "dim", "section": "cyan", "text": "white"}


@main.command("chunk")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per chunk per line.")
def chunk_command(files: tuple[str, ...], as_json: bool) -> None:
    """Chunk FILES and print the chunks (the partition lode indexes)."""
    from rich.markup import escape

    from ..chunking import chunk_file
    from ..chunking.reader import read_text
    from ..errors import FileRefused

    failed = False
    for path in files:
        try:
            text = read_text(path)
        except FileRefused as exc:
            fail(f"{exc.path}: {exc.reason}")
            failed = True
            continue
        for c in chunk_file(path, text):
            if as_json:
                json_line({"path": c.path, "byte_start": c.byte_start, "byte_end": c.byte_end,
                           "line_start": c.line_start, "line_end": c.line_end, "kind": c.kind,
                           "name": c.name, "breadcrumb": c.breadcrumb, "embed": c.embed,
                           "chunker": c.chunker})
            else:
                style = KIND_STYLE.get(c.kind, "bold green")
                lexical = "" if c.embed else " [dim](lexical only)[/]"
                out.print(f"[magenta]{escape(c.path)}:{c.line_start}-{c.line_end}[/] "
                          f"[{style}]{c.kind}[/] {escape(c.breadcrumb)}{lexical}")
    sys.exit(1 if failed else 0)
