"""Hand-off to real language servers: answers the index alone cannot give, marked
with their source, and the index's answer whenever the server is missing, too slow or
killed."""

from __future__ import annotations

import os
import signal
import time

import pytest

from lode.service import Service

from .conftest import need


def _paths_lines(items):
    return {(i["path"], i["line"]) for i in items}


def test_index_alone_cannot_see_an_inferred_receiver(python_project):
    db, _root = python_project
    with Service(str(db)) as svc:
        r = svc.references("shapes.model.Widget.render", lsp=False, every=True)
    assert r["source"] == "index"
    assert ("app.py", 6) in _paths_lines(r["references"])  # `w: Widget` → w.render()
    assert ("app.py", 11) not in _paths_lines(r["references"])  # `w = make()`: no type in the tree


@pytest.mark.parametrize("server,executable", [("jedi-language-server", "jedi-language-server"),
                                               ("pyright", "pyright-langserver")])
def test_python_server_finds_the_inferred_reference(python_project, monkeypatch, server, executable):
    need(executable)
    monkeypatch.setenv("LODE_LSP", server)
    db, _root = python_project
    with Service(str(db)) as svc:
        r = svc.references("shapes.model.Widget.render", lsp=True, every=True)
    assert r["source"] == f"lsp:{server}", r.get("lsp")
    found = _paths_lines(r["references"])
    assert {("app.py", 6), ("app.py", 11)} <= found
    assert r["total"] == len(r["references"]) and r["truncated"] is False


def test_typescript_server_finds_calls_on_inferred_values_and_object_literals(ts_project):
    need("typescript-language-server")
    db, _root = ts_project
    with Service(str(db)) as svc:
        index_only = svc.references("shape.Circle.area", lsp=False, every=True)
        refs = svc.references("shape.Circle.area", lsp=True, every=True)
        impls = svc.implementations("shape.Shape", lsp=True)
        index_impls = svc.implementations("shape.Shape", lsp=False)
    assert refs["source"] == "lsp:typescript-language-server", refs.get("lsp")
    line = 9  # `return c.area() + make().area();`
    index_cols = {r["column"] for r in index_only["references"] if r["line"] == line}
    lsp_cols = {r["column"] for r in refs["references"] if r["path"] == "src/main.ts" and r["line"] == line}
    assert len(lsp_cols) == 2 and len(index_cols) == 1  # make().area() needs inference
    assert impls["source"] == "lsp:typescript-language-server", impls.get("lsp")
    assert ("src/main.ts", 12) in _paths_lines(impls["implementations"])  # the object literal
    assert ("src/main.ts", 12) not in _paths_lines(index_impls["implementations"])


def test_hover_adds_the_servers_view(python_project, monkeypatch):
    need("jedi-language-server")
    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    db, _root = python_project
    with Service(str(db)) as svc:
        d = svc.describe("shapes.model.Widget", lsp=True, include_body=True)
    assert d["source"] == "lsp:jedi-language-server"
    s = d["symbols"][0]
    assert "A thing that draws" in s["hover"]
    assert s["body"].startswith("class Widget:")


def test_missing_server_leaves_the_index_answer(python_project, monkeypatch):
    monkeypatch.setenv("LODE_LSP", "pyright")
    monkeypatch.setenv("LODE_LSP_PATH", "")
    monkeypatch.setenv("PATH", "/nonexistent")
    db, _root = python_project
    with Service(str(db)) as svc:
        r = svc.references("shapes.model.Widget.render", lsp=True)
    assert r["source"] == "index" and r["references"]


def test_cold_start_never_blocks_past_the_timeout_and_the_server_stays_warm(python_project, monkeypatch):
    need("jedi-language-server")
    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    monkeypatch.setenv("LODE_LSP_TIMEOUT", "0.05")
    db, _root = python_project
    with Service(str(db)) as svc:
        t0 = time.monotonic()
        first = svc.references("shapes.model.Widget.render", lsp=True)
        waited = time.monotonic() - t0
        assert first["source"] == "index" and "within" in first["lsp"]["error"]
        assert waited < 2.0  # the index's own work plus the 0.05 s allowance
        monkeypatch.setenv("LODE_LSP_TIMEOUT", "30")
        warm = svc.references("shapes.model.Widget.render", lsp=True)
        assert warm["source"] == "lsp:jedi-language-server", warm.get("lsp")
        t0 = time.monotonic()
        again = svc.references("shapes.model.Widget.render", lsp=True)
        assert again["source"] == "lsp:jedi-language-server"
        assert time.monotonic() - t0 < 1.0  # warm: well under a second


def test_server_killed_mid_request_falls_back_then_restarts(python_project, monkeypatch):
    need("jedi-language-server")
    from lode.external.client import POOL

    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    db, _root = python_project
    with Service(str(db)) as svc:
        assert svc.references("shapes.model.Widget.render", lsp=True)["source"].startswith("lsp:")
        (conn,) = POOL.connections()
        pid = conn.pid
        os.kill(pid, signal.SIGKILL)
        after = svc.references("shapes.model.Widget.render", lsp=True)
        assert after["source"] == "index" and after["references"]
        assert "jedi-language-server" in after["lsp"]["server"]
        again = svc.references("shapes.model.Widget.render", lsp=True)
        assert again["source"] == "lsp:jedi-language-server", again.get("lsp")
        assert POOL.connections()[0].pid != pid


def test_columns_convert_between_bytes_and_utf16():
    from lode.external.handoff import byte_column, utf16_column

    line = 'name = "héllo 𝄞"; widget.render()'
    byte_col = line.encode("utf-8").index(b"render") + 1
    char = utf16_column(line, byte_col)
    assert line.encode("utf-16-le")[char * 2:].decode("utf-16-le").startswith("render")
    assert byte_column(line, char) == byte_col
