"""``indexing: true`` on a search answer means what the docs say: a workspace the
search covers is being indexed for the first time, so the answer may miss files not
read yet. Before, every search said so while any index run was under way — a run over
another workspace, or a re-index of an indexed one (the watcher after each save) — and
the daemon's reply cache could keep a flagged answer after the run had ended.

A real daemon (no watcher) and a real first index run of a project large enough to be
watched mid-run; the run is named by its root, as a client may name it."""

from __future__ import annotations

import threading

import pytest

from polling import wait_for
from daemon_process import DaemonProcess


@pytest.fixture(scope="module")
def daemon(tmp_path_factory):
    base = tmp_path_factory.mktemp("indexing-flag")
    done = base / "done"
    done.mkdir()
    (done / "ledger.py").write_text('def settle_ledger(entries):\n    """Settle the quarterly ledger."""\n'
                                    '    return sum(entries)\n')
    fresh = base / "fresh"
    fresh.mkdir()
    for i in range(1200):  # enough that the first run is still going while the test asks
        (fresh / f"rule_{i:04d}.py").write_text(f'def ledger_rule_{i}(entries):\n    """Rule {i} of the quarterly '
                                                f'ledger."""\n    return entries[{i}:]\n' * 12)
    d = DaemonProcess(base, watch=False)
    d.call("workspace.add", {"root": str(done), "name": "done"})
    d.call("index.run", {"workspace": "done", "embed": False}, timeout=120)
    d.call("workspace.add", {"root": str(fresh), "name": "fresh"})
    yield d, fresh
    d.stop()


def query(d, workspace):
    return d.call("search.query", {"workspace": workspace, "query": "quarterly ledger", "mode": "lexical"})


def test_only_searches_over_a_workspace_in_its_first_run_say_indexing(daemon):
    d, fresh = daemon
    run = threading.Thread(target=lambda: d.call("index.run", {"workspace": str(fresh), "embed": False},
                                                 timeout=300))
    run.start()
    try:
        assert wait_for(lambda: d.call("index.status")["indexing"].get(str(fresh), {}).get("total"), timeout=60)
        other, covered, every = query(d, "done"), query(d, "fresh"), query(d, None)
        still = d.call("index.status")["indexing"]
    finally:
        run.join()
    assert str(fresh) in still, "the run ended before the searches: make the project larger"
    assert "indexing" not in other and other["hits"], other  # another workspace's run: a whole answer
    assert covered["indexing"] is True
    assert every["indexing"] is True
    # the run is over: the same request is answered afresh, not from a flagged answer kept
    after = query(d, "fresh")
    assert "indexing" not in after and after["hits"]


def test_a_reindex_of_an_indexed_workspace_is_not_a_first_index(daemon):
    d, fresh = daemon
    if wait_for(lambda: not d.call("index.status")["indexing"], timeout=120) is None:
        pytest.fail("an index run did not end")
    for i in range(0, 1200, 2):  # half the files change: a run long enough to ask during
        (fresh / f"rule_{i:04d}.py").write_text(f'def ledger_rule_{i}(entries):\n    """Rule {i}, revised, of '
                                                f'the quarterly ledger."""\n    return entries[:{i}]\n' * 12)
    run = threading.Thread(target=lambda: d.call("index.run", {"workspace": "fresh", "embed": False},
                                                 timeout=300))
    run.start()
    try:
        assert wait_for(lambda: d.call("index.status")["indexing"].get("fresh", {}).get("total"), timeout=60)
        during = query(d, "fresh")
        still = d.call("index.status")["indexing"]
    finally:
        run.join()
    assert "fresh" in still, "the run ended before the search: make the project larger"
    assert "indexing" not in during and during["hits"], during
