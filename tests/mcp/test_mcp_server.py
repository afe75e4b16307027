"""``lode mcp`` driven by the official SDK's own stdio client: list the tools, call each."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest

mcp = pytest.importorskip("mcp")

TOOLS = {"search", "find_definition", "find_references", "find_implementations",
         "describe_symbol", "search_symbols", "list_file_symbols", "list_symbols",
         "query_ast", "read", "index_status"}


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("mcp")
    ws = base / "ws"
    (ws / "mypkg").mkdir(parents=True)
    (ws / "app").mkdir()
    (ws / "mypkg" / "__init__.py").write_text('from ._impl import Widget\n__all__ = ["Widget"]\n')
    (ws / "mypkg" / "_impl.py").write_text(
        "class Widget:\n    def render(self):\n        \"\"\"Draw the widget.\"\"\"\n"
        "        return 'drawn'\n\n\nclass FancyWidget(Widget):\n    def render(self):\n"
        "        return 'fancy'\n")
    (ws / "app" / "main.py").write_text("from mypkg import Widget as W\n\nW().render()\n")
    (ws / "README.md").write_text("# Demo\n\nWidgets are drawn by render.\n\n" +
                                  "\n\n".join("filler paragraph " * 40 for _ in range(300)))
    (base / "secret.txt").write_text("nope\n")
    db = base / "store.db"
    svc = Service(db_path=str(db))
    svc.add_workspace(str(ws))
    svc.index(None)
    return db, ws


def run_client(db, scenario, budget=None):
    from mcp import Client, StdioServerParameters

    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db)]
    if budget:
        args += ["--budget", str(budget)]

    async def go():
        async with Client(StdioServerParameters(command=sys.executable, args=args)) as client:
            return await scenario(client)

    return asyncio.run(go())


def text_of(result) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


CALLS = {
    "search": {"query": "render widget"},
    "find_definition": {"name": "mypkg.Widget"},
    "find_references": {"name": "mypkg.Widget"},
    "find_implementations": {"name": "mypkg.Widget"},
    "describe_symbol": {"name": "Widget.render"},
    "search_symbols": {"query": "Widg"},
    "list_file_symbols": {"path": "mypkg/_impl.py"},
    "list_symbols": {"prefix": "mypkg."},
    "query_ast": {"query": "(class_definition name: (identifier) @name)", "language": "python"},
    "read": {"path": "mypkg/_impl.py", "line_start": 1, "line_end": 2},
    "index_status": {},
}


@pytest.fixture(scope="module")
def session(store):
    """One server session (starting one costs seconds): list tools, call each, then the
    error cases, then a normal call to show the server carried on."""
    db, ws = store

    async def scenario(client):
        tools = (await client.list_tools()).tools
        results = {name: await client.call_tool(name, args) for name, args in CALLS.items()}
        errors = {
            "outside": await client.call_tool("read", {"path": "../secret.txt"}),
            "absolute": await client.call_tool("read", {"path": str(ws.parent / "secret.txt")}),
            "bad_type": await client.call_tool("find_definition", {"name": 5}),
            "missing": await client.call_tool("read", {"path": "no/such/file.py"}),
            "unqualified": await client.call_tool("find_definition", {"name": "Widget"}),
            "unknown": await client.call_tool("find_definition", {"name": "nothing.here"}),
            "dot_only": await client.call_tool("find_definition", {"name": "Widget."}),
            "after": await client.call_tool("search", {"query": "widget"}),
            "paths_outside": await client.call_tool("search", {"query": "widget", "paths": [str(ws.parent)]}),
            "bad_kind": await client.call_tool("search", {"query": "zzzqqq", "kinds": ["func"]}),
            # No file or workspace name holds a NUL: each was "lode failed internally".
            "nul_path": await client.call_tool("read", {"path": "mypkg/\x00.py"}),
            "nul_workspace": await client.call_tool("search", {"query": "widget", "workspace": "w\x00"}),
            "nul_in_list": await client.call_tool("query_ast", {"query": "(identifier) @i",
                                                                "paths": ["app/\x00"]}),
        }
        ergonomics = {
            "bare": await client.call_tool("find_references", {"name": "render"}),
            "trailing_prefix": await client.call_tool("list_symbols", {"prefix": "_impl."}),
            "glob": await client.call_tool("search", {"query": "render", "glob": ["app/**"]}),
            # an agent passes the absolute path it read: inside the root it is that prefix
            "absolute_paths": await client.call_tool("search", {"query": "render", "paths": [str(ws / "app")]}),
            "absolute_root": await client.call_tool("search", {"query": "render", "paths": [str(ws) + "/"]}),
            "body": await client.call_tool("describe_symbol", {"name": "FancyWidget.render",
                                                               "include_body": True}),
            "all": await client.call_tool("find_references", {"name": "mypkg.Widget", "all": True}),
        }
        results.update({f"ergonomics.{k}": v for k, v in ergonomics.items()})
        return tools, results, errors

    return run_client(db, scenario)


def test_tools_are_listed_and_documented(session):
    tools, _, _ = session
    assert {t.name for t in tools} == TOOLS
    for t in tools:
        assert len(t.description) > 40, t.name
        assert t.input_schema["type"] == "object"
    by_name = {t.name: t for t in tools}
    assert "server.Handler.ServeHTTP" in json.dumps(by_name["find_definition"].input_schema)
    # every tool's listing is paid for in each agent's context: keep them short
    listing = sum(len(json.dumps(t.model_dump(exclude_none=True, by_alias=True))) for t in tools)
    assert listing < 8000, listing


def test_call_each_tool(session):
    _, results, _ = session
    results = {k: v for k, v in results.items() if not k.startswith("ergonomics.")}
    assert set(results) == TOOLS
    failures = {n: text_of(r) for n, r in results.items() if r.is_error}
    assert not failures, failures
    results = {n: r for n, r in results.items() if not r.is_error}
    assert "_impl.py" in text_of(results["search"]) or "README" in text_of(results["search"])
    assert text_of(results["read"]).splitlines()[1:] == ["class Widget:", "    def render(self):"]
    for name, r in results.items():
        if name != "read":
            json.loads(text_of(r))  # every structured answer is JSON
    expected = {"find_definition": "_impl.py", "find_references": "main.py",
                "find_implementations": "FancyWidget", "describe_symbol": "render(self)",
                "search_symbols": "mypkg.Widget", "list_file_symbols": "render",
                "list_symbols": "mypkg._impl.Widget", "query_ast": "Widget"}
    for name, needle in expected.items():
        if name in results:
            assert needle in text_of(results[name]), (name, text_of(results[name])[:500])


def test_errors_are_clear_tool_errors(session):
    _, _, errors = session
    for key in ("outside", "absolute"):
        assert errors[key].is_error and "outside" in text_of(errors[key])
    assert errors["bad_type"].is_error
    assert errors["missing"].is_error and "no such file" in text_of(errors["missing"])
    # a bare name is answered with the qualified names ending in it, in the same call
    assert not errors["unqualified"].is_error and "mypkg._impl.Widget" in text_of(errors["unqualified"])
    assert errors["bad_kind"].is_error and "'func'" in text_of(errors["bad_kind"])
    assert "class" in text_of(errors["bad_kind"])  # the kinds it could have been
    assert not errors["unknown"].is_error and "search_symbols" in text_of(errors["unknown"])
    # a name that only looks qualified is a bare name too; no answer names a CLI command
    assert not errors["dot_only"].is_error and "mypkg._impl.Widget" in text_of(errors["dot_only"])
    assert not any("lode symbols" in text_of(r) for r in errors.values())
    for key in ("nul_path", "nul_workspace", "nul_in_list"):
        assert errors[key].is_error and "NUL" in text_of(errors[key]), text_of(errors[key])
        assert "internally" not in text_of(errors[key])
    assert not errors["after"].is_error  # the server carries on
    assert errors["paths_outside"].is_error and "not below the workspace root" in text_of(errors["paths_outside"])


def test_ergonomics(session):
    _, results, _ = session
    r = {k.split(".", 1)[1]: json.loads(text_of(v)) for k, v in results.items() if k.startswith("ergonomics.")}
    # `render` is several methods: their qualified names come back at once, with where
    assert {"mypkg._impl.Widget.render", "mypkg._impl.FancyWidget.render"} <= {m["name"] for m in r["bare"]["matches"]}
    assert all(m["at"].startswith("mypkg/_impl.py:") for m in r["bare"]["matches"] if "_impl." in m["name"])
    assert {s["name"] for s in r["trailing_prefix"]["symbols"]} >= {"mypkg._impl.Widget", "mypkg._impl.FancyWidget"}
    assert r["trailing_prefix"]["total"] == len(r["trailing_prefix"]["symbols"])
    assert r["trailing_prefix"]["truncated"] is False
    assert r["glob"]["hits"] and all(h["path"].startswith("app/") for h in r["glob"]["hits"])
    assert r["absolute_paths"]["hits"] and {h["path"] for h in r["absolute_paths"]["hits"]} == {"app/main.py"}
    assert {h["path"] for h in r["absolute_root"]["hits"]} >= {"app/main.py", "mypkg/_impl.py"}
    assert "return 'fancy'" in r["body"]["symbols"][0]["body"]
    assert r["all"]["total"] >= 2 and len({x["line"] for x in r["all"]["references"]}) >= 2


def test_answers_respect_the_budget(store):
    """In-process, through the SDK's client connected to the server object."""
    from mcp import Client

    from lode.mcp.server import build
    from lode.service import Session

    db, _ = store

    async def scenario():
        async with Client(build(Session(str(db)), budget=4000)) as client:
            return [await client.call_tool("read", {"path": "README.md"}),
                    await client.call_tool("search", {"query": "filler paragraph", "limit": 100})]

    read, search = asyncio.run(scenario())
    text = text_of(read)
    assert len(text) <= 4000 and "[… truncated:" in text and "offset=" in text
    assert not search.is_error and len(text_of(search)) <= 4000


def test_root_option_adds_and_indexes_a_workspace(tmp_path):
    ws = tmp_path / "proj"
    ws.mkdir()
    (ws / "tool.py").write_text("def calibrate_flux(x):\n    return x\n")
    db = tmp_path / "fresh.db"
    args = ["-c", "from lode.cli import main; main()", "mcp", "--db", str(db), "--root", str(ws)]

    async def scenario():
        from mcp import Client, StdioServerParameters

        async with Client(StdioServerParameters(command=sys.executable, args=args)) as client:
            for _ in range(100):
                r = await client.call_tool("search", {"query": "calibrate_flux"})
                if "tool.py" in text_of(r):
                    return r
                await asyncio.sleep(0.1)
            return r

    assert "tool.py" in text_of(asyncio.run(scenario()))


def test_text_extensions_and_index_status_in_lode_mcp(tmp_path):
    ws = tmp_path / "docs-proj"
    ws.mkdir()
    (ws / "guide.rst").write_text("Calibration\n===========\n\nThe flux capacitor needs calibrating.\n")
    db = tmp_path / "rst.db"
    args = ["-c", "from lode.cli import main; main()", "mcp", "--db", str(db), "--root", str(ws),
            "--text-ext", ".rst", "--no-watch"]

    async def scenario():
        from mcp import Client, StdioServerParameters

        async with Client(StdioServerParameters(command=sys.executable, args=args)) as client:
            for _ in range(100):
                r = await client.call_tool("search", {"query": "flux capacitor", "mode": "lexical"})
                if "guide.rst" in text_of(r):
                    break
                await asyncio.sleep(0.1)
            return r, await client.call_tool("index_status", {})

    found, status = asyncio.run(scenario())
    assert "guide.rst" in text_of(found)
    st = json.loads(text_of(status))
    assert st["workspaces"][0]["text_extensions"] == [".rst"]
