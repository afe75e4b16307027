"""A server started with roots and no watcher (``lode mcp --root P --no-watch``, ``lode
lsp --root P --no-watch``) indexes its roots in the background, not every workspace of
the store. Before, it ran an index of every workspace: on a user's one store holding
many projects, minutes of work for projects the server does not serve (a watcher, when
there is one, keeps every workspace live: that is its job). Real store, real service."""

from __future__ import annotations

from lode.service import Service
from lode.session import Session


def test_the_roots_are_indexed_and_nothing_else(tmp_path):
    db = str(tmp_path / "lode.db")
    roots = {}
    with Service(db) as svc:
        for name in ("billing", "ledger"):
            roots[name] = tmp_path / name
            roots[name].mkdir()
            (roots[name] / "first.py").write_text("def first_rule(x):\n    return x\n")
            svc.add_workspace(str(roots[name]))
            svc.index(name, embed=False)
    # edited while no server ran
    for name in ("billing", "ledger"):
        (roots[name] / "second.py").write_text("def second_rule(x):\n    return -x\n")

    ctx = Session(db)
    try:
        assert ctx.start([str(roots["billing"])], watch=False) == ["billing"]
        for thread in list(ctx._background):
            thread.join(60)
        assert not any(t.is_alive() for t in ctx._background)
        found = {name: ctx.lookup("definition", "second.second_rule", name)["candidates"]
                 for name in ("billing", "ledger")}
    finally:
        assert ctx.stop()
    assert [c["path"] for c in found["billing"]] == ["second.py"]
    assert found["ledger"] == []  # not this server's project: left to its own next run
