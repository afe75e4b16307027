"""The application: three tabs (search, symbols, workspaces), a status line that says
whether the daemon answers, the help screen, opening a location, and the once-per-session
offer to restart a daemon that reads less than this build."""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import threading
from functools import partial
from typing import Any

from rich.markup import escape
from textual.app import App, ComposeResult, SuspendNotSupported
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.widgets import Footer, Label, TabbedContent, TabPane

from . import capabilities
from .connection import CONNECTED, LOST, Connection
from .help import HelpScreen
from .search_pane import SearchPane
from .symbols_pane import SymbolsPane
from .workspaces_pane import ConfirmScreen, WorkspacesPane

HEARTBEAT_SECONDS = 3.0


class LodeApp(App[str | None]):
    """``LodeApp(socket_path, db_path, workspace).run()`` returns the location to print
    on exit (``/abs/path:line``) when Enter was pressed without ``$EDITOR``, else None."""

    TITLE = "lode"
    CSS = """
    Screen { layout: vertical; }
    TabbedContent { height: 1fr; }
    TabPane { padding: 0; }
    #status { height: 1; background: $panel; color: $text; padding: 0 1;
              text-wrap: nowrap; text-overflow: ellipsis; }
    #status.lost { background: $error; }
    """
    BINDINGS = [
        Binding("f1", "help", "Help", priority=True),
        Binding("question_mark", "help", "Help", show=False),
        Binding("f2", "tab('search')", "Search", priority=True),
        Binding("f3", "tab('symbols')", "Symbols", priority=True),
        Binding("f4", "tab('workspaces')", "Workspaces", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, socket_path: str | None = None, db_path: str | None = None,
                 workspace: str | None = None, *, offer_restart: bool = True) -> None:
        super().__init__()
        self.connection = Connection(socket_path, db_path, on_state=self._state_from_thread)
        self.workspace = workspace
        self.offer_restart = offer_restart
        self.offered_restart = False
        self.roots: dict[str, str] = {}
        self.capabilities: dict[str, Any] = {}

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="search"):
            with TabPane("Search F2", id="search"):
                yield SearchPane(id="search-pane")
            with TabPane("Symbols F3", id="symbols"):
                yield SymbolsPane(id="symbols-pane")
            with TabPane("Workspaces F4", id="workspaces"):
                yield WorkspacesPane(id="workspaces-pane")
        yield Label("connecting to the daemon…", id="status")
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#query").focus()
        self.run_worker(self._startup, group="startup")
        self.set_interval(HEARTBEAT_SECONDS, self._heartbeat)

    # -- the daemon ----------------------------------------------------------------------

    async def rpc(self, method: str, params: list | dict | None = None, *,
                  timeout: float | None = 60.0) -> Any:
        """One daemon call, made on a worker thread so the screen never waits."""
        return await asyncio.to_thread(self.connection.call, method, params, timeout=timeout)

    async def _startup(self) -> None:
        """What the TUI learns from the daemon once: its capabilities, whether search has
        a files view, and the restart offer. Repeated by the heartbeat until it works."""
        try:
            caps = await self.rpc("sys.capabilities")
        except Exception as exc:
            self.set_status(str(exc), lost=True)
            return
        self.capabilities = caps
        # A daemon this TUI has to start later (the first one went away) serves the same
        # store as the one it replaces.
        store = (caps.get("store") or {}).get("path")
        if store and not self.connection.db_path:
            self.connection.db_path = store
        await self._ping()
        self.query_one(SearchPane).files_supported = await self._probe_files()
        self.query_one(WorkspacesPane).refresh_status()
        if self.offer_restart:
            self._maybe_offer_restart(caps)

    async def _probe_files(self) -> bool:
        """Whether ``search.query`` takes ``files: true`` (ranked files with their best
        chunks); the files view (ctrl+g) is offered only then."""
        try:
            await self.rpc("search.query", {"query": "lode", "options": {"files": True,
                                                                        "limit": 1}})
        except Exception:  # -32602 "unknown search option" from a daemon without it
            return False
        return True

    def _heartbeat(self) -> None:
        # A cheap call now and then, so a daemon that went away while the user was idle is
        # noticed (and reconnected to) before the next search; none while a reconnect is
        # already waiting (each would hold a thread until the daemon is back).
        if self.connection.reconnecting:
            return
        self.run_worker(self._ping if self.capabilities else self._startup,
                        exclusive=True, group="heartbeat")

    async def _ping(self) -> None:
        """``workspace.list``: keeps the link checked and the workspace roots (for
        opening a hit's file) current."""
        try:
            listed = await self.rpc("workspace.list", timeout=10)
        except Exception:
            return
        self.roots = {w["name"]: w["root"] for w in listed or [] if isinstance(w, dict)}

    def _state_from_thread(self, state: str, message: str) -> None:
        if threading.get_ident() == self._thread_id:
            self._show_state(state, message)
        else:
            self.call_from_thread(self._show_state, state, message)

    def _show_state(self, state: str, message: str) -> None:
        self.set_status(message, lost=state != CONNECTED)
        if state != CONNECTED or "reconnected" in message:
            self.notify(message, severity="information" if state == CONNECTED else "warning",
                        timeout=4)

    def set_status(self, message: str, *, lost: bool = False) -> None:
        try:
            label = self.query_one("#status", Label)
        except NoMatches:  # closing
            return
        label.set_class(lost, "lost")
        prefix = "✖ " if lost else "● "
        label.update(prefix + escape(message))

    # -- the build that reads more ------------------------------------------------------

    def _maybe_offer_restart(self, caps: dict[str, Any]) -> None:
        if self.offered_restart:
            return
        extra = capabilities.reads_more(capabilities.local(), capabilities.from_capabilities(caps))
        if not extra:
            return
        self.offered_restart = True
        what = "; ".join(f"{k}: {', '.join(v)}" for k, v in extra.items())
        self.push_screen(ConfirmScreen(
            f"This lode build reads more than the running daemon ({what}).\n"
            "Restart the daemon as this build? Other clients reconnect."),
            lambda yes: yes and self.run_worker(partial(self._restart_daemon, caps), group="restart"))

    async def _restart_daemon(self, caps: dict[str, Any]) -> None:
        db = (caps.get("store") or {}).get("path") or self.connection.db_path
        self.set_status("restarting the daemon as this build…", lost=True)
        try:
            await asyncio.to_thread(capabilities.restart_as_this_build, self.connection, db)
        except Exception as exc:
            self.notify(f"restart failed: {exc}", severity="error")
            return
        self.set_status(f"daemon restarted as this build on {self.connection.socket_path}")

    # -- navigation ----------------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_tab(self, tab: str) -> None:
        if len(self.screen_stack) > 1:
            return  # a form or the help screen is open
        # Focusing a widget inside a tab makes TabbedContent show that tab.
        self.query_one(self.FOCUS_ON_TAB[tab]).focus()
        if tab == "workspaces":
            self.query_one(WorkspacesPane).refresh_status()

    FOCUS_ON_TAB = {"search": "#query", "symbols": "#symbol", "workspaces": "#ws-list"}

    def show_symbols_for_hit(self, hit: dict[str, Any], what: str) -> None:
        """``d``/``r``/``i``/``o`` on a search hit: the symbols tab for the hit's own
        qualified name (from its file's outline) or its file's outline."""
        self.action_tab("symbols")
        pane = self.query_one(SymbolsPane)
        if what == "outline":
            pane.outline(hit.get("workspace"), hit["path"])
            return
        self.run_worker(partial(self._symbols_for_hit, pane, hit, what), group="symbols-hit")

    async def _symbols_for_hit(self, pane: SymbolsPane, hit: dict[str, Any], what: str) -> None:
        name = await self.qualified_name(hit)
        if not name:
            pane.show_rows(f"this hit ({escape(hit.get('kind') or '?')}) defines no named symbol", [])
            return
        pane.set_name(name)
        pane.lookup(name, what)

    async def qualified_name(self, hit: dict[str, Any]) -> str | None:
        """The qualified name of the definition a hit is: the innermost outline entry
        inside the hit's lines (the hit's own ``name`` is only a trailing form)."""
        try:
            outline = await self.rpc("file.outline", {"path": hit["path"],
                                                      "workspace": hit.get("workspace")})
        except Exception:
            outline = {}
        start, end = int(hit.get("line_start") or 0), int(hit.get("line_end") or 0)
        inside = [s for s in outline.get("symbols") or [] if start <= int(s.get("line") or 0) <= end]
        name = hit.get("name")
        if name:
            tail = [s for s in inside if s["name"].endswith("." + name) or s["name"] == name]
            if tail:
                return tail[0]["name"]
        if inside:
            return min(inside, key=lambda s: (-int(s.get("depth") or 0), s.get("line") or 0))["name"]
        return name if name and "." in name else None

    # -- opening a location --------------------------------------------------------------

    def open_location(self, workspace: str | None, path: str, line: int) -> None:
        """``$EDITOR +line path`` with the screen suspended; without ``$EDITOR``, quit
        and let the command print ``path:line``."""
        full = path
        if not os.path.isabs(path):
            root = self.roots.get(workspace or "") or (next(iter(self.roots.values()))
                                                       if len(self.roots) == 1 else None)
            full = os.path.join(root, path) if root else path
        editor = os.environ.get("EDITOR", "").strip()
        if not editor:
            self.exit(f"{full}:{line}")
            return
        command = [*shlex.split(editor), f"+{line}", full]
        try:
            try:
                with self.suspend():
                    subprocess.run(command, check=False)
            except SuspendNotSupported:  # no terminal to hand over (headless): run it anyway
                subprocess.run(command, check=False, stdin=subprocess.DEVNULL)
        except OSError as exc:
            self.notify(f"could not run {editor}: {exc}", severity="error")
        self.refresh()

    async def action_quit(self) -> None:
        self.connection.close()
        self.exit(None)

    def on_unmount(self) -> None:
        self.connection.close()


def run(socket_path: str | None = None, db_path: str | None = None,
        workspace: str | None = None) -> str | None:
    return LodeApp(socket_path, db_path, workspace).run()


__all__ = ["LodeApp", "run", "LOST"]
