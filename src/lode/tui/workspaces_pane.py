"""The workspaces tab: the list with live index status (progress, refused files), and
add / edit (globs, text extensions, code toggle) / remove / re-index through the daemon.
A refusal (a code extension declared as text, a missing root) is shown with the
daemon's own message and the form stays open."""

from __future__ import annotations

import os

from functools import partial
from typing import Any, Awaitable, Callable

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..rpc.client import RemoteError
from . import render
from .base import DaemonWidget, FieldInput

# How often the list refreshes while the tab is shown (and while an index runs).
POLL_SECONDS = 1.0


class WorkspacesPane(DaemonWidget):
    DEFAULT_CSS = """
    WorkspacesPane { layout: vertical; height: 1fr; }
    WorkspacesPane #ws-info { height: 1; color: $text-muted; }
    WorkspacesPane #ws-list { height: 1fr; min-height: 3; border: none; text-wrap: nowrap; text-overflow: ellipsis; }
    WorkspacesPane #ws-detail-box { height: 2fr; border-top: solid $primary; }
    """

    BINDINGS = [
        Binding("a", "add", "Add"),
        Binding("e", "edit", "Edit"),
        Binding("x,delete", "remove", "Remove"),
        Binding("r", "reindex", "Re-index"),
        Binding("s", "scope", "Search here"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.workspaces: list[dict[str, Any]] = []
        self.progress: dict[str, dict] = {}
        self.running: set[str] = set()
        self.last_run: dict[str, Any] | None = None  # the counts of the last re-index

    def compose(self) -> ComposeResult:
        yield Label("", id="ws-info")
        yield OptionList(id="ws-list", compact=True)
        with VerticalScroll(id="ws-detail-box"):
            yield Static("", id="ws-detail")

    def on_mount(self) -> None:
        self.set_interval(POLL_SECONDS, self._poll)

    def _poll(self) -> None:
        # Poll while shown, or while an index we started runs (for its notification).
        if self.is_on_screen or self.running:
            self.refresh_status()

    def refresh_status(self) -> None:
        self.run_async(self._refresh, exclusive=True, group="ws-status")

    async def _refresh(self) -> None:
        try:
            status = await self.rpc("index.status", {})
        except Exception as exc:
            self.query_one("#ws-info", Label).update(f"[red]{escape(str(exc))}[/]")
            return
        self.show(status.get("workspaces") or [], status.get("indexing") or {})

    def show(self, workspaces: list[dict[str, Any]], progress: dict[str, dict]) -> None:
        ws_list = self.query_one("#ws-list", OptionList)
        keep = ws_list.highlighted
        self.workspaces, self.progress = workspaces, progress
        ws_list.clear_options()
        ws_list.add_options([Option(render.workspace_row(w, self._progress_of(w)), id=w["name"])
                             for w in workspaces])
        if workspaces:
            ws_list.highlighted = min(keep or 0, len(workspaces) - 1)
        scope = self.app.workspace or "all workspaces"
        running = f" · indexing: {', '.join(sorted(progress))}" if progress else ""
        self.query_one("#ws-info", Label).update(
            f"{len(workspaces)} workspace{'' if len(workspaces) == 1 else 's'} · "
            f"searching {escape(scope)}{escape(running)}")
        self._detail()

    def _progress_of(self, ws: dict[str, Any]) -> dict | None:
        return self.progress.get(ws.get("name")) or self.progress.get("*")

    def current(self) -> dict[str, Any] | None:
        index = self.query_one("#ws-list", OptionList).highlighted
        return self.workspaces[index] if index is not None and index < len(self.workspaces) else None

    @on(OptionList.OptionHighlighted, "#ws-list")
    def _detail(self, event: Any = None) -> None:
        ws = self.current()
        self.query_one("#ws-detail", Static).update(
            render.workspace_detail(ws, self._progress_of(ws)) if ws else
            "no workspaces yet — press a to add one")

    @on(OptionList.OptionSelected, "#ws-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_edit()

    # -- actions -------------------------------------------------------------------------

    def action_add(self) -> None:
        async def submit(values: dict[str, Any]) -> Any:
            # the daemon runs in another folder and refuses a relative root: a path
            # typed here ('.', '../notes', '~/src/app') is the TUI's, so resolved here
            params = {"root": os.path.abspath(os.path.expanduser(values["root"])), "code": values["code"]}
            if values["name"]:
                params["name"] = values["name"]
            for key in ("include", "exclude", "text_extensions"):
                if values[key]:
                    params[key] = values[key]
            return await self.rpc("workspace.add", params)

        self.app.push_screen(WorkspaceForm("Add a workspace", submit, None), self._done("added"))

    def action_edit(self) -> None:
        ws = self.current()
        if ws is None:
            self.app.notify("no workspace to edit", severity="warning")
            return

        async def submit(values: dict[str, Any]) -> Any:
            params: dict[str, Any] = {"workspace": ws["name"]}
            for key in ("code", "include", "exclude", "text_extensions"):
                if values[key] != (ws.get(key) if key != "code" else bool(ws.get("code"))):
                    params[key] = values[key]
            if len(params) == 1:
                return ws
            return await self.rpc("workspace.configure", params)

        self.app.push_screen(WorkspaceForm(f"Edit workspace {ws['name']}", submit, ws),
                             self._done("updated"))

    def _done(self, verb: str) -> Callable[[Any], None]:
        def finished(result: Any) -> None:
            if isinstance(result, dict):
                collisions = result.get("text_collisions") or []
                extra = f" (text collisions: {', '.join(collisions)})" if collisions else ""
                self.app.notify(f"workspace {result.get('name')} {verb}; indexing in the "
                                f"background{extra}")
                self.refresh_status()
        return finished

    def action_remove(self) -> None:
        ws = self.current()
        if ws is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.run_async(partial(self._remove, ws["name"]), group="ws-write")

        self.app.push_screen(ConfirmScreen(
            f"Remove workspace {ws['name']} and everything indexed from it?\n"
            f"(the files in {ws.get('root')} are not touched)"), confirmed)

    async def _remove(self, name: str) -> None:
        try:
            await self.rpc("workspace.remove", {"workspace": name})
        except RemoteError as exc:
            self.app.notify(exc.message, severity="error")
            return
        self.app.notify(f"workspace {name} removed")
        if self.app.workspace == name:
            self.app.workspace = None
        self.refresh_status()

    def action_reindex(self) -> None:
        ws = self.current()
        if ws is None:
            return
        self.running.add(ws["name"])
        self.run_async(partial(self._reindex, ws["name"]), group="ws-index")
        self.refresh_status()

    async def _reindex(self, name: str) -> None:
        try:
            result = await self.rpc("index.run", {"workspace": name}, timeout=None)
        except RemoteError as exc:
            self.app.notify(exc.message, severity="error")
            return
        except Exception as exc:
            self.app.notify(f"re-index of {name} stopped: {exc}", severity="error")
            return
        finally:
            self.running.discard(name)
        self.last_run = result
        # One workspace's counts, or {"workspaces": [...]} for a run over all of them.
        for run in result.get("workspaces") or [result]:
            self.app.notify(f"{run.get('workspace')}: {run.get('indexed', 0)} indexed, "
                            f"{run.get('unchanged', 0)} unchanged, {run.get('deleted', 0)} deleted, "
                            f"{run.get('refused', 0)} refused in {run.get('seconds', 0):.1f} s")
        self.refresh_status()

    def action_scope(self) -> None:
        ws = self.current()
        self.app.workspace = None if ws is None or self.app.workspace == ws["name"] else ws["name"]
        self.app.notify(f"searching {self.app.workspace or 'all workspaces'}")
        self.refresh_status()


class WorkspaceForm(ModalScreen):
    """Add (``ws`` None: root and name asked) or edit a workspace. ``submit`` calls the
    daemon; its error message is shown here and the form stays open."""

    DEFAULT_CSS = """
    WorkspaceForm { align: center middle; }
    WorkspaceForm #form { width: 76; height: auto; max-height: 22; border: round $accent;
                          padding: 0 1; background: $surface; }
    WorkspaceForm Label.field { width: 10; }
    WorkspaceForm Horizontal { height: 1; }
    WorkspaceForm Input { width: 1fr; }
    WorkspaceForm #form-error { color: $error; height: auto; }
    WorkspaceForm #form-help { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def __init__(self, title: str, submit: Callable[[dict[str, Any]], Awaitable[Any]],
                 ws: dict[str, Any] | None) -> None:
        super().__init__()
        self.title_text = title
        self.submit = submit
        self.ws = ws

    def compose(self) -> ComposeResult:
        ws = self.ws or {}
        with Vertical(id="form"):
            yield Label(f"[b]{escape(self.title_text)}[/b]")
            if self.ws is None:
                yield from _field("root", "root", "folder to index", "")
                yield from _field("name", "name", "default: the folder's name", "")
            yield from _field("include", "include", "globs, comma-separated (default: docs + code)",
                              ", ".join(ws.get("include") or []))
            yield from _field("exclude", "exclude", "globs, comma-separated",
                              ", ".join(ws.get("exclude") or []))
            yield from _field("text ext", "text_extensions", "extensions read as text: .log, .cfg",
                              ", ".join(ws.get("text_extensions") or []))
            yield Checkbox("index code (every registered code extension)",
                           value=bool(ws.get("code", True)), id="code", compact=True)
            yield Static("", id="form-error")
            yield Label("Enter or ctrl+s save · Esc cancel · Tab next field", id="form-help")

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("root", "name"):
            found = self.query(f"#{key}")
            out[key] = found.first(Input).value.strip() if found else ""
        for key in ("include", "exclude", "text_extensions"):
            out[key] = render.split_list(self.query_one(f"#{key}", Input).value)
        out["code"] = self.query_one("#code", Checkbox).value
        return out

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        values = self.values()
        if self.ws is None and not values["root"]:
            self._error("a root folder is needed")
            return
        self.run_worker(partial(self._save, values), exclusive=True, group="form")

    async def _save(self, values: dict[str, Any]) -> None:
        self._error("")
        try:
            result = await self.submit(values)
        except RemoteError as exc:
            self._error(exc.message)
            return
        except Exception as exc:
            self._error(str(exc))
            return
        self.dismiss(result)

    def _error(self, message: str) -> None:
        self.query_one("#form-error", Static).update(escape(message))

    def action_cancel(self) -> None:
        self.dismiss(None)


def _field(label: str, key: str, placeholder: str, value: str) -> ComposeResult:
    with Horizontal():
        yield Label(label, classes="field")
        yield FieldInput(value, placeholder=placeholder, id=key, compact=True)


class ConfirmScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen #confirm { width: 70; height: auto; border: round $warning; padding: 0 1;
                             background: $surface; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(escape(self.question))
            yield Label("[b]y[/b] yes · [b]n[/b] no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
