"""An agent's Go look-ups through ``lode mcp``, on a module whose path ends in a major
version (``example.com/chi/v5``, package ``chi``): Go code names it ``chi.X``."""

from __future__ import annotations

import asyncio
import json
import os
import sys

import pytest

pytest.importorskip("mcp")

FILES = {
    "go.mod": "module example.com/chi/v5\n\ngo 1.21\n",
    "chi.go": """\
package chi

import "net/http"

// Routes is the interface a router exposes to walk its routes.
type Routes interface {
	// Routes returns the routing tree.
	Routes() []Route
	// Match searches the routing tree for a handler that matches the method/path.
	Match(rctx *Context, method, path string) bool
}

// Route describes one route.
type Route struct {
	Pattern  string
	Handlers map[string]http.Handler
}

// Context is the routing state of a request.
type Context struct {
	RoutePath string
}
""",
    "mux.go": """\
package chi

// Mux is a simple HTTP route multiplexer.
type Mux struct {
	routes []Route
}

// Routes returns a slice of routing information from the tree.
func (mx *Mux) Routes() []Route { return mx.routes }

// Match reports whether a route matches the method and path.
func (mx *Mux) Match(rctx *Context, method, path string) bool {
	return len(mx.routes) > 0
}
""",
    "tree.go": """\
package chi

// Tree is a routing tree that can be matched against.
type Tree struct{ root []Route }

// Routes returns the tree's routes.
func (t *Tree) Routes() []Route { return t.root }

// Match reports whether the tree holds a route.
func (t *Tree) Match(rctx *Context, method, path string) bool { return t.root != nil }
""",
    "walk.go": """\
package chi

// Walker lists routes without matching (it has no Match: not a Routes).
type Walker struct{}

// Routes returns nothing.
func (w Walker) Routes() []Route { return nil }
""",
}


def text_of(result) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


@pytest.fixture(scope="module")
def chi(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("chi")
    root = base / "chi"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    db = base / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    return db, root


def calls(chi, *requests):
    from mcp import Client, StdioServerParameters

    db, root = chi
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db), "--root", str(root)]

    async def scenario():
        async with Client(StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))) as c:
            return [json.loads(text_of(await c.call_tool(tool, a))) for tool, a in requests]

    return asyncio.run(scenario())


def test_implementations_of_an_interface_named_by_its_package(chi):
    by_package, by_module, limited = calls(
        chi, ("find_implementations", {"name": "chi.Routes"}),  # as Go code writes it
        ("find_implementations", {"name": "example.com/chi/v5.Routes"}),
        ("find_implementations", {"name": "chi.Routes", "limit": 1}))
    for answer in (by_package, by_module):
        assert [(i["name"], i["path"]) for i in answer["implementations"]] == [
            ("example.com/chi/v5.Mux", "mux.go"), ("example.com/chi/v5.Tree", "tree.go")]
    # an agent's limit is honoured, and the answer says more exist
    assert len(limited["implementations"]) == 1 and limited["total"] == 2 and limited["truncated"] is True


def test_a_name_as_code_or_a_stack_trace_writes_it(chi):
    """Agents paste names from code and panics: `Mux.Routes()`, `(*Mux).Match`,
    `example.com/chi/v5.(*Tree).Routes(...)` are the methods they name."""
    answers = calls(chi, ("find_definition", {"name": "chi.Mux.Routes()"}),
                    ("find_definition", {"name": "(*Mux).Match"}),
                    ("describe_symbol", {"name": "example.com/chi/v5.(*Tree).Routes(0xc000010018)"}))
    found = [[(c.get("target") or c["name"], c["path"]) for c in a.get("candidates", a.get("symbols", []))]
             for a in answers]
    assert found == [[("example.com/chi/v5.Mux.Routes", "mux.go")],
                     [("example.com/chi/v5.Mux.Match", "mux.go")],
                     [("example.com/chi/v5.Tree.Routes", "tree.go")]]
