"""The search tab: a query box searched as you type (debounced), the mode and filters,
the results list and a highlighted preview of the highlighted hit."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..rpc.client import RemoteError
from . import render
from .base import DaemonWidget, FieldInput

# Wait this long after the last keystroke before asking the daemon.
DEBOUNCE_SECONDS = 0.2
MODES = ("auto", "lexical", "semantic", "hybrid")
RESULT_LIMIT = 50


class PreviewBox(VerticalScroll):
    """The scrolling preview; ``v`` maximizes it to the whole screen."""

    ALLOW_MAXIMIZE = True


class SearchPane(DaemonWidget):
    DEFAULT_CSS = """
    SearchPane { layout: vertical; height: 1fr; }
    SearchPane #query { margin: 0 0; }
    SearchPane #filters { height: 1; }
    SearchPane #filters Input { width: 1fr; margin: 0 1 0 0; }
    SearchPane #mode { width: 17; color: $accent; }
    SearchPane #search-info { height: 1; color: $text-muted; }
    SearchPane #results { height: 1fr; min-height: 3; border: none; text-wrap: nowrap; text-overflow: ellipsis; }
    SearchPane #preview-box { height: 2fr; border-top: solid $primary; }
    """

    BINDINGS = [
        Binding("ctrl+t", "cycle_mode", "Mode"),
        Binding("ctrl+r", "toggle_rerank", "Rerank"),
        Binding("ctrl+g", "toggle_files", "Files", show=False),
        Binding("d", "symbol('definition')", "Definition"),
        Binding("r", "symbol('references')", "References"),
        Binding("i", "symbol('implementations')", "Impls"),
        Binding("o", "symbol('outline')", "Outline"),
        Binding("v", "maximize_preview", "Preview"),
        Binding("slash,escape", "focus_query", "Query", show=False),
        Binding("down", "focus_results", "Results", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.mode = "auto"
        self.rerank = False
        self.hits: list[dict[str, Any]] = []
        self.terms: list[str] = []
        self.files_supported = False
        self.files_view = False
        self.last_result: dict[str, Any] | None = None
        self.shown_for: tuple[str, str] | None = None  # (query, options) of the list shown
        self.focus_when_shown = False
        self.searches_sent = 0  # daemon calls made (the debounce keeps this low)
        self.preview_shown: tuple[dict[str, Any], Any] | None = None  # (hit, Syntax)

    def compose(self) -> ComposeResult:
        yield FieldInput(placeholder="search code and docs…  (F1 help)", id="query", compact=True)
        with Horizontal(id="filters"):
            yield Label("mode auto", id="mode")
            yield FieldInput(placeholder="lang", id="lang", compact=True)
            yield FieldInput(placeholder="kind", id="kind", compact=True)
            yield FieldInput(placeholder="code|prose", id="tag", compact=True)
            yield FieldInput(placeholder="path glob", id="glob", compact=True)
        yield Label("", id="search-info")
        yield OptionList(id="results", compact=True)
        with PreviewBox(id="preview-box"):
            yield Static("", id="preview")

    # -- searching -----------------------------------------------------------------------

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if event.input.id in ("query", "lang", "kind", "tag", "glob"):
            self.schedule_search()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        # Enter right after typing: search now (skip the debounce) and go to the results
        # of what is typed, never to a list left over from a shorter prefix.
        if self.shown_for != self._request():
            self.focus_when_shown = True
            self.run_async(partial(self._search, 0), exclusive=True, group="search")
        else:
            self.action_focus_results()

    def _request(self) -> tuple[str, str]:
        return self.query_one("#query", Input).value, repr(self.options())

    def action_focus_results(self) -> None:
        results = self.query_one("#results", OptionList)
        if results.option_count:
            results.focus()
            if results.highlighted is None:
                results.highlighted = 0

    def schedule_search(self) -> None:
        # An exclusive worker: a newer keystroke cancels the pending one, so the sleep is
        # the debounce and a stale answer is never shown.
        self.run_async(self._search, exclusive=True, group="search")

    def options(self) -> dict[str, Any] | str:
        """The search options from the filter fields, or a message about a bad field."""
        opts: dict[str, Any] = {"limit": RESULT_LIMIT}
        if self.mode != "auto":
            opts["mode"] = self.mode
        if self.rerank:
            opts["rerank"] = True
        langs = render.split_list(self.query_one("#lang", Input).value)
        kinds = render.split_list(self.query_one("#kind", Input).value)
        tag = self.query_one("#tag", Input).value.strip().lower()
        glob = self.query_one("#glob", Input).value.strip()
        if langs:
            opts["languages"] = langs
        if kinds:
            opts["kinds"] = kinds
        if tag:
            if tag not in ("code", "prose"):
                return "the code/prose filter takes 'code' or 'prose'"
            opts["tags_any"] = [tag]
        if glob:
            opts["path_globs"] = render.split_list(glob)
        if self.files_view:
            opts["files"] = True
        return opts

    async def _search(self, debounce: float = DEBOUNCE_SECONDS) -> None:
        await asyncio.sleep(debounce)
        request = self._request()
        text = self.query_one("#query", Input).value
        info = self.query_one("#search-info", Label)
        if not text.strip():
            self._show([], None)
            info.update("")
            return
        opts = self.options()
        if isinstance(opts, str):
            info.update(f"[red]{opts}[/]")
            return
        self.searches_sent += 1
        try:
            result = await self.rpc("search.query", {
                "workspace": self.app.workspace, "query": text, "options": opts})
        except RemoteError as exc:
            info.update(f"[red]{escape(exc.message)}[/]")
            return
        except Exception as exc:  # daemon lost: the status line says so already
            info.update(f"[red]{escape(str(exc))}[/]")
            return
        self.last_result = result
        self.terms = list(result.get("terms") or text.split())
        hits = result.get("hits") or []
        if self.files_view and isinstance(result.get("files"), list):
            hits = _files_as_hits(result["files"])
        self._show(hits, result)
        self.shown_for = request
        if self.focus_when_shown:
            self.focus_when_shown = False
            self.action_focus_results()
        timing = (result.get("timings_ms") or {}).get("total")
        took = f", {timing:.0f} ms" if isinstance(timing, (int, float)) else ""
        view = "files" if self.files_view else "hits"
        info.update(f"{len(hits)} {view} · {result.get('mode_used', self.mode)}{took}")

    def _show(self, hits: list[dict[str, Any]], result: dict[str, Any] | None) -> None:
        self.hits = hits
        results = self.query_one("#results", OptionList)
        results.clear_options()
        many = len((result or {}).get("workspaces") or []) > 1
        results.add_options([Option(render.hit_row(h, many), id=str(i)) for i, h in enumerate(hits)])
        if hits:
            results.highlighted = 0
        else:
            self.query_one("#preview", Static).update("")

    # -- preview -------------------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#results")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        hit = self.current_hit()
        if hit is not None:
            self.run_async(partial(self._preview, hit), exclusive=True, group="preview")

    async def _preview(self, hit: dict[str, Any]) -> None:
        first, last = render.preview_range(hit)
        try:
            doc = await self.rpc("doc.read", {
                "path": hit["path"], "workspace": hit.get("workspace"),
                "line_start": first, "line_end": last})
        except Exception as exc:
            self.query_one("#preview", Static).update(f"[red]{escape(str(exc))}[/]")
            return
        syntax = render.preview(hit, doc.get("text") or "", int(doc.get("line_start") or first),
                                self.terms)
        self.query_one("#preview", Static).update(syntax)
        self.preview_shown = (hit, syntax)
        self.query_one("#preview-box", VerticalScroll).scroll_home(animate=False)

    def current_hit(self) -> dict[str, Any] | None:
        index = self.query_one("#results", OptionList).highlighted
        if index is None or index >= len(self.hits):
            return None
        return self.hits[index]

    @on(OptionList.OptionSelected, "#results")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        hit = self.current_hit()
        if hit is not None:
            self.app.open_location(hit.get("workspace"), hit["path"],
                                   int(hit.get("line_start") or 1))

    # -- actions -------------------------------------------------------------------------

    def action_cycle_mode(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self._mode_label()
        self.schedule_search()

    def action_toggle_rerank(self) -> None:
        """Re-score the top hits by their bodies with the daemon's ranker (an error
        from the daemon says when none can rank)."""
        self.rerank = not self.rerank
        self._mode_label()
        self.schedule_search()

    def _mode_label(self) -> None:
        self.query_one("#mode", Label).update(f"mode {self.mode}{'+rank' if self.rerank else ''}")

    def action_toggle_files(self) -> None:
        if not self.files_supported:
            self.app.notify("this daemon's search has no files view yet", severity="warning")
            return
        self.files_view = not self.files_view
        self.schedule_search()

    def action_focus_query(self) -> None:
        if self.screen.maximized is not None:
            self.screen.minimize()
        self.query_one("#query", Input).focus()

    def action_maximize_preview(self) -> None:
        box = self.query_one("#preview-box", VerticalScroll)
        if self.screen.maximized is box:
            self.screen.minimize()
            self.query_one("#results", OptionList).focus()
        else:
            self.screen.maximize(box, container=False)
            box.focus()

    def action_symbol(self, what: str) -> None:
        hit = self.current_hit()
        if hit is None:
            self.app.notify("no hit highlighted", severity="warning")
            return
        self.app.show_symbols_for_hit(hit, what)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Single-letter keys belong to the text fields while one is focused.
        if action in ("symbol", "maximize_preview") and isinstance(self.app.focused, Input):
            return False
        return True


def _files_as_hits(files: list[Any]) -> list[dict[str, Any]]:
    """The files view (``search.query`` with ``files: true``, when a daemon offers it):
    one row per file, previewing its best chunk."""
    rows = []
    for entry in files:
        if not isinstance(entry, dict):
            continue
        best = (entry.get("hits") or entry.get("chunks") or [{}])[0]
        row = {**best, **{k: v for k, v in entry.items() if k not in ("hits", "chunks")}}
        row.setdefault("kind", "file")
        row.setdefault("breadcrumb", f"{len(entry.get('hits') or entry.get('chunks') or [])} chunks")
        rows.append(row)
    return rows
