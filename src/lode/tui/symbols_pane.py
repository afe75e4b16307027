"""The symbols tab: a qualified name typed (fuzzy-completed as you type) or taken from a
search hit, and its definition candidates, references, implementations, or the outline
of a file; a preview of the highlighted location."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..rpc.client import RemoteError
from . import render
from .base import DaemonWidget, FieldInput
from .search_pane import DEBOUNCE_SECONDS

# What each lookup is called, the daemon method, and the list in its answer.
LOOKUPS = {
    "definition": ("definition candidates", "symbol.definition", "candidates"),
    "references": ("references", "symbol.references", "references"),
    "implementations": ("implementations", "symbol.implementations", "implementations"),
}
PREVIEW_CONTEXT = 6


class SymbolsPane(DaemonWidget):
    DEFAULT_CSS = """
    SymbolsPane { layout: vertical; height: 1fr; }
    SymbolsPane #symbol-title { height: 1; color: $accent; }
    SymbolsPane #symbol-results { height: 1fr; min-height: 3; border: none; text-wrap: nowrap; text-overflow: ellipsis; }
    SymbolsPane #symbol-preview-box { height: 1fr; border-top: solid $primary; }
    """

    BINDINGS = [
        Binding("d", "lookup('definition')", "Definition"),
        Binding("r", "lookup('references')", "References"),
        Binding("i", "lookup('implementations')", "Impls"),
        Binding("o", "outline", "Outline"),
        Binding("slash,escape", "focus_name", "Name", show=False),
        Binding("down", "focus_list", "List", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Each row: {"name": ...} for a fuzzy match, or a location with path and line.
        self.rows: list[dict[str, Any]] = []
        self.subject: str | None = None
        self._quiet_value: str | None = None

    def compose(self) -> ComposeResult:
        yield FieldInput(placeholder="qualified name (pkg.Type.method) or part of one; Enter: definition",
                    id="symbol", compact=True)
        yield Label("", id="symbol-title")
        yield OptionList(id="symbol-results", compact=True)
        with VerticalScroll(id="symbol-preview-box"):
            yield Static("", id="symbol-preview")

    # -- typing a name -------------------------------------------------------------------

    def set_name(self, name: str) -> None:
        """Put ``name`` in the box without a fuzzy search of it (a lookup follows)."""
        self._quiet_value = name
        self.query_one("#symbol", Input).value = name

    @on(Input.Changed, "#symbol")
    def _changed(self, event: Input.Changed) -> None:
        if event.value == self._quiet_value:
            self._quiet_value = None
            return
        self.run_async(partial(self._fuzzy, event.value), exclusive=True, group="symbols")

    async def _fuzzy(self, text: str) -> None:
        await asyncio.sleep(DEBOUNCE_SECONDS)
        if not text.strip():
            self.show_rows("", [])
            return
        try:
            result = await self.rpc("symbol.search", {
                "query": text, "workspace": self.app.workspace, "limit": 50})
        except Exception as exc:
            self._title(f"[red]{escape(str(exc))}[/]")
            return
        names = [{"name": n["name"]} for n in result.get("names") or []]
        self.show_rows(f"{len(names)} name{'' if len(names) == 1 else 's'} matching {escape(repr(text))} "
                       f"(of {result.get('total_names', '?')}) — Enter: definition", names)

    @on(Input.Submitted, "#symbol")
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if name:  # qualified or bare: the daemon resolves a bare name or lists candidates
            self.lookup(name, "definition", typed=True)

    # -- lookups -------------------------------------------------------------------------

    def lookup(self, name: str, what: str, typed: bool = False) -> None:
        """Look ``name`` up; ``typed``: as typed in the box, where it may be only part
        of a name (the completion the list shows), looked up when it names nothing."""
        self.subject = name
        self.run_async(partial(self._lookup, name, what, typed), exclusive=True, group="symbols")

    async def _nearest(self, text: str) -> str | None:
        """The best fuzzy completion of ``text``: the first row the list shows for it."""
        try:
            result = await self.rpc("symbol.search", {"query": text, "workspace": self.app.workspace,
                                                      "limit": 1})
        except Exception:
            return None
        names = result.get("names") or []
        return names[0]["name"] if names else None

    async def _lookup(self, name: str, what: str, typed: bool = False, typed_as: str | None = None) -> None:
        title, method, key = LOOKUPS[what]
        self._title(f"looking up {title} of {escape(name)}…")
        try:
            result = await self.rpc(method, {"name": name, "workspace": self.app.workspace})
        except RemoteError as exc:
            self.show_rows(f"[red]{escape(exc.message)}[/]", [])
            return
        except Exception as exc:
            self.show_rows(f"[red]{escape(str(exc))}[/]", [])
            return
        rows = [dict(r) for r in result.get(key) or []]
        if not rows and typed and not result.get("matches"):
            # part of a name ('Mux.Serve'), typed with its completion on the list:
            # Enter means that completion, not "none found" for the fragment
            nearest = await self._nearest(name)
            if nearest and nearest != name:
                await self._lookup(nearest, what, typed_as=name)
                return
        if not rows and result.get("matches"):
            # A bare name several qualified names end in: pick one (Enter looks it up).
            names = [{"name": m if isinstance(m, str) else m.get("name")} for m in result["matches"]]
            self.show_rows(f"{escape(name)} is not qualified; {result.get('total_matches', len(names))} "
                       "names end in it — Enter: definition", names, focus=True)
            return
        name = result.get("name") or name  # a bare name the daemon qualified
        self.subject = name
        for r in rows:
            r.setdefault("name", name)
        total = result.get("total", len(rows))
        more = f" (first {len(rows)})" if result.get("truncated") else ""
        note = f" — {escape(result['note'])}" if result.get("note") and not rows else ""
        nearest = f" (nearest name to {escape(repr(typed_as))})" if typed_as else ""
        self.show_rows(f"{title} of {escape(name)}{nearest}: {total or 'none found'}{more}{note}", rows,
                   focus=True)

    def outline(self, workspace: str | None, path: str) -> None:
        self.run_async(partial(self._outline, workspace, path), exclusive=True, group="symbols")

    async def _outline(self, workspace: str | None, path: str) -> None:
        try:
            result = await self.rpc("file.outline", {"path": path, "workspace": workspace})
        except Exception as exc:
            self.show_rows(f"[red]{escape(getattr(exc, 'message', str(exc)))}[/]", [])
            return
        rows = [{**s, "outline_of": path, "workspace": workspace}
                for s in result.get("symbols") or []]
        self.show_rows(f"outline of {escape(path)}: {len(rows)} symbols", rows, focus=True)

    # -- the list ------------------------------------------------------------------------

    def _title(self, markup: str) -> None:
        self.query_one("#symbol-title", Label).update(markup)

    def show_rows(self, title: str, rows: list[dict[str, Any]], *, focus: bool = False) -> None:
        self._title(title)
        self.rows = rows
        results = self.query_one("#symbol-results", OptionList)
        results.clear_options()
        results.add_options([Option(render.symbol_row(r), id=str(i)) for i, r in enumerate(rows)])
        self.query_one("#symbol-preview", Static).update("")
        if rows:
            results.highlighted = 0
            if focus:
                results.focus()

    def current(self) -> dict[str, Any] | None:
        index = self.query_one("#symbol-results", OptionList).highlighted
        return self.rows[index] if index is not None and index < len(self.rows) else None

    @staticmethod
    def _where(row: dict[str, Any]) -> tuple[str | None, str | None, int]:
        path = row.get("path") or row.get("outline_of")
        return row.get("workspace"), path, int(row.get("line") or 1)

    @on(OptionList.OptionHighlighted, "#symbol-results")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        row = self.current()
        if row is None:
            return
        workspace, path, line = self._where(row)
        if path:
            self.run_async(partial(self._preview, workspace, path, line), exclusive=True,
                            group="symbol-preview")

    async def _preview(self, workspace: str | None, path: str, line: int) -> None:
        first = max(1, line - PREVIEW_CONTEXT)
        try:
            doc = await self.rpc("doc.read", {"path": path, "workspace": workspace,
                                                  "line_start": first,
                                                  "line_end": line + 2 * PREVIEW_CONTEXT})
        except Exception as exc:
            self.query_one("#symbol-preview", Static).update(f"[red]{escape(str(exc))}[/]")
            return
        terms = [self.subject.replace("::", ".").split(".")[-1]] if self.subject else []
        hit = {"path": path, "line_start": line, "line_end": line}
        self.query_one("#symbol-preview", Static).update(
            render.preview(hit, doc.get("text") or "", int(doc.get("line_start") or first), terms))

    @on(OptionList.OptionSelected, "#symbol-results")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        row = self.current()
        if row is None:
            return
        workspace, path, line = self._where(row)
        if path:
            self.app.open_location(workspace, path, line)
        else:  # a fuzzy match: look its definition up
            self.lookup(row["name"], "definition")

    # -- actions -------------------------------------------------------------------------

    def action_lookup(self, what: str) -> None:
        row = self.current()
        name = (row or {}).get("name") or self.query_one("#symbol", Input).value.strip()
        if not name:
            self.app.notify("type a qualified name first", severity="warning")
            return
        self.lookup(name, what)

    def action_outline(self) -> None:
        row = self.current()
        if row is None or not (row.get("path") or row.get("outline_of")):
            self.app.notify("highlight a location to outline its file", severity="warning")
            return
        workspace, path, _ = self._where(row)
        self.outline(workspace, path)

    def action_focus_list(self) -> None:
        results = self.query_one("#symbol-results", OptionList)
        if results.option_count:
            results.focus()

    def action_focus_name(self) -> None:
        self.query_one("#symbol", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("lookup", "outline") and isinstance(self.app.focused, Input):
            return False
        return True
