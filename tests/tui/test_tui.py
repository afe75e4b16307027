"""The TUI driven headless by Textual's Pilot, at 80x24, against a real daemon process
on the fixture shop workspace."""

from __future__ import annotations

import asyncio
import stat

import pytest

from tui_helpers import screen_text, until
from lode.tui.app import LodeApp
from lode.tui.help import HelpScreen
from lode.tui.search_pane import SearchPane
from lode.tui.symbols_pane import SymbolsPane
from lode.tui.workspaces_pane import WorkspaceForm, WorkspacesPane


def drive(daemon, scenario, *, workspace=None):
    """Run ``scenario(pilot)`` in a fresh app on the daemon; return the app's result."""

    async def main():
        app = LodeApp(daemon.socket, daemon.db, workspace)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "connected" in screen_text(app), "the daemon")
            await scenario(pilot)
        return app.return_value

    return asyncio.run(main())


def rows(app, selector):
    option_list = app.query_one(selector)
    return [option_list.get_option_at_index(i).prompt.plain
            for i in range(option_list.option_count)]


async def search(pilot, text):
    await pilot.press(*text)
    pane = pilot.app.query_one(SearchPane)
    await until(pilot, lambda: pane.hits and pane.last_result
                and pane.last_result.get("query") == text, f"hits for {text!r}")
    return pane


@pytest.fixture(autouse=True)
def no_editor(monkeypatch):
    monkeypatch.delenv("EDITOR", raising=False)


def test_typing_a_query_shows_the_hit_debounced(shop_daemon):
    async def scenario(pilot):
        pane = await search(pilot, "reclaim vectors")
        assert rows(pilot.app, "#results")[0].startswith("store/reclaim.go:13  method")
        assert "func (s *Store) reclaim" in rows(pilot.app, "#results")[0]
        # Fifteen keystrokes, typed faster than the debounce: a handful of searches at most.
        assert pane.searches_sent <= 5, pane.searches_sent
        assert "store/reclaim.go:13  method" in screen_text(pilot.app)

    drive(shop_daemon, scenario)


def test_the_preview_shows_the_chunk_in_context_with_terms_marked(shop_daemon):
    async def scenario(pilot):
        pane = await search(pilot, "reclaim vectors")
        await until(pilot, lambda: pane.preview_shown and pane.preview_shown[0] is pane.hits[0],
                    "the preview of the first hit")
        hit, syntax = pane.preview_shown
        assert hit["path"] == "store/reclaim.go"
        assert syntax.start_line == 9  # four lines of context above the chunk at 13
        assert "func (s *Store) reclaim(ctx context.Context, fp string) error {" in syntax.code
        assert "var defaults" in syntax.code  # a context line, not part of the chunk
        assert syntax.highlight_lines == set(range(13, 18))
        marked = {syntax.code.split("\n")[span.start[0] - 1][span.start[1]:span.end[1]].lower()
                  for span in syntax._stylized_ranges}
        assert marked == {"reclaim", "vectors"}
        await until(pilot, lambda: "❱ 15 func (s *Store) reclaim" in screen_text(pilot.app),
                    "the preview on screen")
        # v: the preview full screen; v again: back to the list.
        await pilot.press("enter")  # query → results
        await pilot.press("v")
        await until(pilot, lambda: pilot.app.screen.maximized is not None, "maximized preview")
        assert "return s.sweep(ctx, fp, 512)" in screen_text(pilot.app)
        await pilot.press("v")
        assert pilot.app.screen.maximized is None

    drive(shop_daemon, scenario)


def test_mode_switch_and_filters(shop_daemon):
    async def scenario(pilot):
        app = pilot.app
        pane = await search(pilot, "reclaim")
        assert {h["language"] for h in pane.hits} >= {"go", "markdown"}
        await pilot.press("ctrl+t")  # auto → lexical
        await until(pilot, lambda: pane.last_result["mode_used"] == "lexical", "lexical mode")
        assert "lexical" in screen_text(app).split("\n")[3]
        await pilot.press("ctrl+r")  # rerank by the daemon's ranker
        await until(pilot, lambda: pane.last_result["rank"].get("used") is True, "a reranked answer")
        assert "lexical+rank" in screen_text(app)
        await pilot.press("ctrl+r")
        await until(pilot, lambda: pane.last_result["rank"].get("used") is False, "rerank off")
        app.query_one("#tag").value = "prose"
        await until(pilot, lambda: pane.hits and {h["language"] for h in pane.hits} == {"markdown"},
                    "prose-only hits")
        app.query_one("#tag").value = "code"
        await until(pilot, lambda: pane.hits and "go" in {h["language"] for h in pane.hits}
                    and "markdown" not in {h["language"] for h in pane.hits}, "code-only hits")
        app.query_one("#tag").value = ""
        app.query_one("#query").value = "total cents"
        app.query_one("#lang").value = "python"
        app.query_one("#glob").value = "cart/checkout.py"
        await until(pilot, lambda: pane.hits and {h["path"] for h in pane.hits} == {"cart/checkout.py"},
                    "hits in checkout.py only")
        app.query_one("#kind").value = "class"
        await until(pilot, lambda: "0 hits" in screen_text(app), "no class in checkout.py")
        app.query_one("#tag").value = "binary"
        await until(pilot, lambda: "takes 'code' or 'prose'" in screen_text(app),
                    "the bad filter message")

    drive(shop_daemon, scenario)


def test_following_a_hit_to_its_references_and_back_to_a_definition(shop_daemon):
    async def scenario(pilot):
        app = pilot.app
        pane = await search(pilot, "ShoppingCart")
        assert (pane.hits[0]["path"], pane.hits[0]["kind"]) == ("cart/cart.py", "class")
        await pilot.press("enter")  # to the results
        await pilot.press("r")  # references of the hit's own symbol (the whole class)
        symbols = app.query_one(SymbolsPane)
        await until(pilot, lambda: "references of cart.ShoppingCart: 1" in screen_text(app),
                    "the references of the class")
        assert rows(app, "#symbol-results")[0].startswith("cart/checkout.py:3  reference")
        assert app.query_one("#symbol").value == "cart.ShoppingCart"
        await until(pilot, lambda: "from cart import ShoppingCart" in screen_text(app),
                    "the reference's preview")
        # d on the reference: its definition candidates.
        await pilot.press("d")
        await until(pilot, lambda: any(r.startswith("cart/cart.py:16") for r in rows(app, "#symbol-results")),
                    "the definition of ShoppingCart")
        await until(pilot, lambda: "class ShoppingCart:" in screen_text(app), "the definition's preview")
        # o: the outline of that file, nested.
        await pilot.press("o")
        await until(pilot, lambda: "outline of cart/cart.py" in screen_text(app), "the outline")
        assert any("cart.ShoppingCart.total_cents" in r for r in rows(app, "#symbol-results"))
        assert symbols.rows[0]["outline_of"] == "cart/cart.py"
        # A method's references: from the outline row of add_item.
        names = [r["name"] for r in symbols.rows]
        app.query_one("#symbol-results").highlighted = names.index("cart.ShoppingCart.add_item")
        await pilot.press("r")
        await until(pilot, lambda: any(r.startswith("cart/checkout.py:7") for r in rows(app, "#symbol-results")),
                    "the call in checkout.py")

    drive(shop_daemon, scenario)


def test_a_typed_name_completes_and_resolves(shop_daemon):
    async def scenario(pilot):
        app = pilot.app
        await pilot.press("f3")
        await until(pilot, lambda: app.focused is app.query_one("#symbol"), "the name box")
        await pilot.press(*"ShopCart")  # camel humps
        await until(pilot, lambda: "cart.ShoppingCart" in rows(app, "#symbol-results"),
                    "fuzzy matches")
        await pilot.press("down", "enter")  # the list, then the first name: its definition
        await until(pilot, lambda: any(r.startswith("cart/cart.py:16") for r in rows(app, "#symbol-results")),
                    "the class definition")
        # A bare name one qualified name ends in resolves to it …
        await pilot.press("escape", "ctrl+u", *"ShoppingCart", "enter")
        await until(pilot, lambda: "definition candidates of cart.ShoppingCart: 1" in screen_text(app),
                    "the bare name resolved")
        # … one that several end in lists them to pick from …
        await pilot.press("escape", "ctrl+u", *"checkout", "enter")
        await until(pilot, lambda: "checkout is not qualified" in screen_text(app), "the choice")
        assert {"checkout", "checkout.checkout"} <= set(rows(app, "#symbol-results"))
        # … and an unknown qualified name finds nothing, saying so.
        await pilot.press("escape", "ctrl+u", *"nosuch.Name", "enter")
        await until(pilot, lambda: "definition candidates of nosuch.Name: none found" in screen_text(app),
                    "no candidates")

    drive(shop_daemon, scenario)


def test_enter_without_editor_quits_and_returns_the_location(shop_daemon):
    async def scenario(pilot):
        await search(pilot, "reclaim vectors")
        await pilot.press("enter", "enter")

    chosen = drive(shop_daemon, scenario)
    assert chosen == f"{shop_daemon.shop}/store/reclaim.go:13"


def test_enter_with_editor_runs_it_with_the_line(shop_daemon, tmp_path, monkeypatch):
    log = tmp_path / "editor.log"
    editor = tmp_path / "fake-editor"
    editor.write_text(f'#!/bin/sh\necho "$@" >> {log}\n')
    editor.chmod(editor.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("EDITOR", str(editor))

    async def scenario(pilot):
        await search(pilot, "reclaim vectors")
        await pilot.press("enter", "enter")
        await until(pilot, lambda: log.exists(), "the editor run")

    assert drive(shop_daemon, scenario) is None
    assert log.read_text().split() == ["+13", f"{shop_daemon.shop}/store/reclaim.go"]


def test_workspaces_add_status_and_a_refused_text_extension(shop_daemon, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "ideas.md").write_text("# Ideas\n\nA lighthouse keeper indexes driftwood.\n")
    (notes / "blob.txt").write_bytes(b"\x00\x01\x02 binary")

    async def scenario(pilot):
        app = pilot.app
        await pilot.press("f4")
        pane = app.query_one(WorkspacesPane)
        await until(pilot, lambda: any(r.startswith("shop") for r in rows(app, "#ws-list")),
                    "the shop workspace")
        # The shop's refused binary file is listed with its reason.
        await until(pilot, lambda: "docs/broken.txt: binary" in screen_text(app), "the refusal")
        # a: add a workspace.
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, WorkspaceForm), "the add form")
        await pilot.press(*str(notes))
        await pilot.press("tab", *"notes", "enter")
        await until(pilot, lambda: not isinstance(app.screen, WorkspaceForm), "the form to close")
        await until(pilot, lambda: any(w["name"] == "notes" and w.get("files") == 1
                                       for w in pane.workspaces), "notes indexed", timeout=30)
        # Highlight it; its detail shows the refused file.
        names = [w["name"] for w in pane.workspaces]
        app.query_one("#ws-list").highlighted = names.index("notes")
        await until(pilot, lambda: "blob.txt: binary" in screen_text(app), "notes' refusal")
        # e: declare .py (a code extension) as text: the daemon refuses, the form says why.
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, WorkspaceForm), "the edit form")
        form = app.screen
        form.query_one("#text_extensions").value = ".log, .py"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "registered code extension" in str(form.query_one("#form-error").content),
                    "the refusal message")
        assert ".py is a registered code extension" in screen_text(app)
        assert isinstance(app.screen, WorkspaceForm)  # still open, nothing lost
        form.query_one("#text_extensions").value = ".log"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, WorkspaceForm), "the save")
        await until(pilot, lambda: any(w["name"] == "notes" and w.get("text_extensions") == [".log"]
                                       for w in pane.workspaces), "the saved extension")
        # x: remove it again (after a confirmation).
        app.query_one("#ws-list").highlighted = [w["name"] for w in pane.workspaces].index("notes")
        await pilot.press("x")
        await pilot.press("y")
        await until(pilot, lambda: "notes" not in [w["name"] for w in pane.workspaces], "removal")

    drive(shop_daemon, scenario)
    assert [w["name"] for w in shop_daemon.call("workspace.list")] == ["shop"]


def test_help_screen_and_keys(shop_daemon):
    async def scenario(pilot):
        app = pilot.app
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help screen")
        text = screen_text(app)
        assert "ctrl+t" in text and "cycle mode" in text
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        # Every tab is reachable by its key and fits 80x24 (the footer is the last row).
        for key, marker in (("f3", "qualified name"), ("f4", "workspaces"), ("f2", "search code")):
            await pilot.press(key)
            await until(pilot, lambda: marker in screen_text(app), f"the {key} tab")
        assert len(screen_text(app).split("\n")) == 24

    drive(shop_daemon, scenario)


def test_files_view_follows_the_daemon(shop_daemon):
    """The daemon's search answers ranked files (``files: true``): the TUI offers the
    files view (ctrl+g), one row per file."""
    async def scenario(pilot):
        pane = pilot.app.query_one(SearchPane)
        answer = shop_daemon.call("search.query", {"query": "cart", "options": {"files": True}})
        assert answer["files"]
        await until(pilot, lambda: pilot.app.capabilities, "capabilities")
        await pilot.pause(0.5)
        assert pane.files_supported is True
        await search(pilot, "cart")
        await pilot.press("ctrl+g")
        await until(pilot, lambda: pane.files_view and "files ·" in screen_text(pilot.app),
                    "the files view")
        paths = [h["path"] for h in pane.hits]
        assert paths and len(paths) == len(set(paths))

    drive(shop_daemon, scenario)


def test_the_status_line_names_the_socket(shop_daemon):
    async def scenario(pilot):
        await until(pilot, lambda: f"connected to the daemon on {shop_daemon.socket}"
                    in screen_text(pilot.app), "the socket in the status line")

    drive(shop_daemon, scenario)


def test_reindex_from_the_workspaces_tab(shop_daemon):
    status = shop_daemon.call("index.status", {"workspace": "shop"})["workspaces"][0]
    before, files = status["indexed_at"], status["files"]
    (shop_daemon.shop / "docs" / "new.md").write_text("# Lighthouse\n\nKeeps the lamp lit.\n")

    async def scenario(pilot):
        app = pilot.app
        await pilot.press("f4")
        pane = app.query_one(WorkspacesPane)
        await until(pilot, lambda: pane.workspaces and app.focused is app.query_one("#ws-list"),
                    "the workspace list, focused")
        await pilot.press("r")
        await until(pilot, lambda: pane.last_run, "the re-index to finish", timeout=60)
        run = pane.last_run
        # Every file walked (one refused); new.md indexed now or by the watcher already.
        assert run["workspace"] == "shop" and run["indexed"] + run["unchanged"] == files + 2
        await until(pilot, lambda: pane.workspaces[0]["indexed_at"] > before, "a newer index")
        await until(pilot, lambda: pane.workspaces[0]["files"] == files + 1, "the new file counted")

    drive(shop_daemon, scenario)
    (shop_daemon.shop / "docs" / "new.md").unlink()


def test_workspace_scope_is_passed_and_a_bad_one_reported(shop_daemon):
    async def scenario(pilot):
        await pilot.press(*"reclaim")
        await until(pilot, lambda: "no workspace" in screen_text(pilot.app).lower(),
                    "the daemon's message")

    drive(shop_daemon, scenario, workspace="nosuch")
