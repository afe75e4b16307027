"""What the TUI draws, as plain functions of the daemon's answers (no widgets, no I/O),
so they can be tested on their own: result rows, the highlighted preview of a hit, the
symbol rows, the workspace status panel."""

from __future__ import annotations

import os
import re
from typing import Any, Iterable

from rich.console import Group
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

# Lines of context shown above and below a hit's chunk in the preview.
CONTEXT_LINES = 4
# A preview never asks for more than this many lines (a huge chunk is cut).
MAX_PREVIEW_LINES = 400

TERM_STYLE = "bold black on yellow"


def location(hit: dict[str, Any]) -> str:
    line = hit.get("line_start") or hit.get("line") or 1
    return f"{hit.get('path', '?')}:{line}"


def hit_row(hit: dict[str, Any], with_workspace: bool = False) -> Text:
    """``path:line  kind  breadcrumb`` on one line (the breadcrumb's leading path, which
    repeats the location, is dropped); ``workspace:path:line`` when hits come from
    several workspaces, whose files may share a path."""
    row = Text(no_wrap=True, overflow="ellipsis")
    where = location(hit)
    if with_workspace and hit.get("workspace"):
        where = f"{hit['workspace']}:{where}"
    row.append(where, style="bold cyan")
    row.append("  ")
    row.append(f"{hit.get('kind') or '-':<8}", style="magenta")
    row.append(" ")
    row.append(short_breadcrumb(hit), style="default")
    return row


def short_breadcrumb(hit: dict[str, Any]) -> str:
    crumb = hit.get("breadcrumb") or ""
    parts = [p.strip() for p in crumb.split("›")]
    if len(parts) > 1 and parts[0] == hit.get("path"):
        parts = parts[1:]
    return " › ".join(p for p in parts if p) or (hit.get("name") or "")


def preview_range(hit: dict[str, Any]) -> tuple[int, int]:
    """The 1-based line range to read for a hit: its chunk plus context, bounded."""
    start = int(hit.get("line_start") or hit.get("line") or 1)
    end = int(hit.get("line_end") or start)
    end = min(end, start + MAX_PREVIEW_LINES)
    return max(1, start - CONTEXT_LINES), end + CONTEXT_LINES


def lexer_for(path: str, language: str | None) -> str:
    """A Pygments lexer name: from the daemon's language, else from the file name."""
    if language:  # Pygments knows lode's language names (and "text"); an unknown one shows plain
        return language
    guessed = Syntax.guess_lexer(path)
    return guessed or "text"


def term_spans(line: str, terms: Iterable[str]) -> list[tuple[int, int]]:
    """Column spans of each query term in ``line``, case-insensitive, also inside
    identifiers (``vectors`` in ``reclaimVectors``)."""
    spans: list[tuple[int, int]] = []
    for term in terms:
        term = term.strip().strip('"')
        if len(term) < 2:
            continue
        for m in re.finditer(re.escape(term), line, re.IGNORECASE):
            spans.append((m.start(), m.end()))
    return sorted(spans)


def preview(hit: dict[str, Any], text: str, first_line: int, terms: Iterable[str],
            *, theme: str = "monokai") -> Syntax:
    """The text around a hit, syntax-highlighted, numbered from ``first_line``, the
    chunk's own lines highlighted and the query terms marked."""
    text = text.rstrip("\n")
    path = hit.get("path") or ""
    syntax = Syntax(text, lexer_for(path, hit.get("language")), theme=theme,
                    line_numbers=True, start_line=first_line, word_wrap=False,
                    highlight_lines=set(range(int(hit.get("line_start") or first_line),
                                              int(hit.get("line_end") or first_line) + 1)))
    terms = list(terms)
    for offset, line in enumerate(text.split("\n")):
        for start, end in term_spans(line, terms):
            # stylize_range counts lines from 1 within the text, not from start_line.
            syntax.stylize_range(TERM_STYLE, (offset + 1, start), (offset + 1, end))
    return syntax


def symbol_row(entry: dict[str, Any]) -> Text:
    """One definition / reference / implementation / outline entry."""
    row = Text(no_wrap=True, overflow="ellipsis")
    depth = int(entry.get("depth") or 0)
    if "path" in entry:
        row.append(f"{entry['path']}:{entry.get('line', 1)}", style="bold cyan")
        row.append("  ")
    elif "line" not in entry:  # a name from the fuzzy search
        row.append(entry.get("name") or "", style="bold")
        return row
    else:
        row.append("  " * depth)
        row.append(f"{entry.get('line', '?'):>4} ", style="cyan")
    kind = entry.get("detail") or entry.get("kind") or ""
    if kind:
        row.append(f"{kind:<9} ", style="magenta")
    name = entry.get("name") or entry.get("qualified_name") or ""
    row.append(name)
    if entry.get("test"):
        row.append("  (test)", style="dim")
    return row


def workspace_row(ws: dict[str, Any], progress: dict[str, Any] | None) -> Text:
    row = Text(no_wrap=True, overflow="ellipsis")
    row.append(f"{ws.get('name', '?'):<14}", style="bold")
    files = ws.get("files")
    row.append(f" {files if files is not None else '-':>6} files", style="cyan")
    row.append(f" {ws.get('chunks') if ws.get('chunks') is not None else '-':>7} chunks",
               style="cyan")
    refused = len(ws.get("refused") or [])
    if refused:
        row.append(f"  {refused} refused", style="red")
    if progress is not None:
        row.append("  " + progress_text(progress), style="yellow")
    row.append("  " + shorten_path(ws.get("root") or ""), style="dim")
    return row


def progress_text(progress: dict[str, Any]) -> str:
    queued = progress.get("queued")
    behind = f" · {queued} more run{'s' if queued != 1 else ''} queued" if isinstance(queued, int) and queued else ""
    done, total = progress.get("done"), progress.get("total")
    if isinstance(done, int) and isinstance(total, int) and total:
        path = progress.get("path") or ""
        return f"indexing {done}/{total} ({100 * done // total}%) {path}".rstrip() + behind
    stage = progress.get("stage") or progress.get("phase")
    return (f"indexing… {stage}" if stage else "indexing…") + behind


def shorten_path(path: str) -> str:
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if home != "/" and path.startswith(home + os.sep) else path


def workspace_detail(ws: dict[str, Any], progress: dict[str, Any] | None) -> Group:
    """Settings, languages, refused files with reasons, notes, and progress."""
    head = Table.grid(padding=(0, 1))
    head.add_column(style="bold")
    head.add_column()
    head.add_row("root", ws.get("root") or "")
    head.add_row("code", "on" if ws.get("code") else "off")
    head.add_row("include", ", ".join(ws.get("include") or []) or "-")
    head.add_row("exclude", ", ".join(ws.get("exclude") or []) or "-")
    head.add_row("text ext", ", ".join(ws.get("text_extensions") or []) or "-")
    if progress is not None:
        head.add_row("index", Text(progress_text(progress), style="yellow"))
    elif ws.get("indexed_at"):
        head.add_row("index", f"generation {ws.get('generation')}, "
                              f"{ws.get('files', 0)} files, {ws.get('chunks', 0)} chunks")
    else:
        head.add_row("index", Text("not indexed yet", style="yellow"))
    parts: list[Any] = [head]
    langs = ws.get("languages") or {}
    if langs:
        parts.append(Text("languages: " + ", ".join(
            f"{name} {info.get('files', 0)}" for name, info in sorted(langs.items())), style="dim"))
    refused = ws.get("refused") or []
    if refused:
        parts.append(Text(f"refused files ({len(refused)}):", style="bold red"))
        for entry in refused[:50]:
            if isinstance(entry, dict):
                parts.append(Text(f"  {entry.get('path')}: {entry.get('reason')}", style="red"))
            else:
                parts.append(Text(f"  {entry}", style="red"))
    for note in (ws.get("notes") or [])[:20]:
        if isinstance(note, dict):
            note = f"{note.get('path')}: {note.get('note')}"
        parts.append(Text(f"note: {note}", style="yellow"))
    return Group(*parts)


def split_list(text: str) -> list[str]:
    """Comma- or space-separated entries of an input field."""
    return [p for p in re.split(r"[,\s]+", text.strip()) if p]
