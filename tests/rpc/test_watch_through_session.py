"""The watcher's re-index runs go through :meth:`lode.session.Session.index`, the one
way a server runs an index: under the session's write lock, its progress recorded by
the session (``index.status``: ``"by": "watch"``). Before, the watcher took the lock and
wrote the progress record itself, so a re-index waiting behind another run (a client's
``index.run``) was not listed at all while it waited. Real store, real watcher."""

from __future__ import annotations

from lode.session import Session

from polling import wait_for




def test_a_watcher_rerun_is_the_sessions_run_with_its_progress(tmp_path):
    root = tmp_path / "shop"
    root.mkdir()
    (root / "cart.py").write_text("def add_item(cart, item):\n    cart.append(item)\n")
    ctx = Session(str(tmp_path / "lode.db"))
    ctx.add_workspace(str(root))
    ctx.index("shop", embed=False)
    watcher = ctx.watch()
    assert watcher is not None
    try:
        assert wait_for(lambda: watcher.batches >= 1)  # the catch-up walk of a new watch
        done = watcher.batches
        with ctx.write_lock:  # another run holds the store: the watcher's run waits
            (root / "orders.py").write_text("def place_order(cart):\n    return len(cart)\n")
            waiting = wait_for(lambda: ctx.status("shop")["indexing"].get("shop"))
            assert waiting and waiting["by"] == "watch", ctx.status("shop")
            assert watcher.batches == done  # listed while it waits, not yet run
        assert wait_for(lambda: watcher.batches > done and not ctx.progress)
        found = ctx.lookup("definition", "orders.place_order", "shop")
        assert [c["path"] for c in found["candidates"]] == ["orders.py"]
    finally:
        assert ctx.stop()
