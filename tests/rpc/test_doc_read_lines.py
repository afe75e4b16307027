"""``doc.read`` by lines through a real daemon, on a Go file: lines count from 1, so a
0 or negative bound is refused (-32602 naming it) instead of being read as no bound,
which answered the whole file to ``line_start: 0, line_end: 0``."""

from __future__ import annotations

import pytest

from lode.rpc.client import RemoteError

HANDLER = """package server

import "net/http"

// Health answers load balancers.
func Health(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusOK)
}
"""


@pytest.fixture(scope="module")
def served(daemon, tmp_path_factory):
    root = tmp_path_factory.mktemp("lines") / "server"
    root.mkdir()
    (root / "health.go").write_text(HANDLER)
    daemon.call("workspace.add", {"root": str(root)})
    daemon.call("index.run", {"workspace": str(root), "embed": False})
    return daemon, root


@pytest.mark.parametrize("bounds, param", [({"line_start": 0, "line_end": 0}, "line_start"),
                                           ({"line_start": -5, "line_end": 2}, "line_start"),
                                           ({"line_start": 2, "line_end": 0}, "line_end")])
def test_a_line_bound_below_one_is_refused(served, bounds, param):
    daemon, root = served
    with pytest.raises(RemoteError) as err:
        daemon.call("doc.read", {"path": "health.go", "workspace": str(root), **bounds})
    assert err.value.rpc_code == -32602
    assert err.value.message == f"invalid params: '{param}' must be at least 1, got {bounds[param]}"


def test_lines_from_one_are_read(served):
    daemon, root = served
    r = daemon.call("doc.read", {"path": "health.go", "workspace": str(root), "line_start": 5, "line_end": 6})
    assert r["text"] == "// Health answers load balancers.\nfunc Health(w http.ResponseWriter, r *http.Request) {\n"
    assert daemon.alive()
