"""Adding a workspace from the TUI by a path relative to the folder the TUI runs in
('notes', as typed in a shell there): the daemon runs elsewhere and refuses a relative
root, so the TUI resolves it first; the form used to stay open with the daemon's
"'root' must be an absolute path"."""

from __future__ import annotations

from test_tui import drive, rows
from tui_helpers import until
from lode.tui.workspaces_pane import WorkspaceForm, WorkspacesPane


def test_a_relative_root_is_the_tuis_folder(shop_daemon, tmp_path, monkeypatch):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "runbook.md").write_text("# Runbook\n\nRestart the indexer when the disk fills.\n")
    monkeypatch.chdir(tmp_path)

    async def scenario(pilot):
        app = pilot.app
        await pilot.press("f4")
        pane = app.query_one(WorkspacesPane)
        await until(pilot, lambda: any(r.startswith("shop") for r in rows(app, "#ws-list")), "the shop")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, WorkspaceForm), "the add form")
        await pilot.press(*"notes", "tab", *"runbooks", "enter")
        await until(pilot, lambda: not isinstance(app.screen, WorkspaceForm), "the form to close")
        await until(pilot, lambda: any(w["name"] == "runbooks" and w.get("files") == 1
                                       for w in pane.workspaces), "runbooks indexed", timeout=30)

    try:
        drive(shop_daemon, scenario)
        roots = {w["name"]: w["root"] for w in shop_daemon.call("workspace.list")}
        assert roots["runbooks"] == str(notes.resolve())
    finally:
        if "runbooks" in {w["name"] for w in shop_daemon.call("workspace.list")}:
            shop_daemon.call("workspace.remove", {"workspace": "runbooks"})
