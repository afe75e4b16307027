"""Tool arguments an agent gets wrong, on a small Go router project through the real
SDK client: a misnamed argument is refused with the names the tool takes (it used to
be dropped, so a filter was silently not applied and a range read became a whole-file
read), the listed schemas say no other argument is taken, and a malformed argument's
error is one line naming it."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

MUX = """package router

import "net/http"

// Mux matches a request's path against the registered routes and runs the
// middleware stack before the handler.
type Mux struct {
	middlewares []func(http.Handler) http.Handler
	routes      map[string]http.Handler
}

// Use appends a middleware handler to the Mux middleware stack.
func (mx *Mux) Use(middlewares ...func(http.Handler) http.Handler) {
	mx.middlewares = append(mx.middlewares, middlewares...)
}
"""

LOGGER = """package middleware

import "net/http"

// Logger is a middleware that logs each request.
func Logger(next http.Handler) http.Handler { return next }
"""
README = "# router\n\nA small HTTP router. See mux.go for the middleware stack.\n"


@pytest.fixture(scope="module")
def replies(tmp_path_factory, mcp_answers):
    from lode.service import Service

    root = tmp_path_factory.mktemp("strict") / "router"
    (root / "middleware").mkdir(parents=True)
    (root / "go.mod").write_text("module example.com/router\n\ngo 1.21\n")
    (root / "mux.go").write_text(MUX)
    (root / "middleware" / "logger.go").write_text(LOGGER)
    (root / "README.md").write_text(README)
    db = root.parent / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(root)]
    calls = {
        # the daemon's name for `glob`: the agent means Markdown only
        "path_globs": ("search", {"query": "middleware stack", "path_globs": ["**/*.md"]}),
        "start_line": ("read", {"path": "mux.go", "start_line": 12, "end_line": 15}),
        "limit": ("find_definition", {"name": "router.Mux", "limit": 5}),
        "bad_limit": ("search", {"query": "middleware", "limit": 0}),
        "bad_name": ("find_definition", {"name": 5}),
        "missing": ("find_definition", {}),
        "fine": ("find_definition", {"name": "router.Mux.Use"}),
    }

    return mcp_answers(args, calls, tools=True)


def test_a_misnamed_argument_is_refused_with_the_accepted_names(replies):
    error, text = replies["path_globs"]
    assert error, text
    assert text == ("invalid params: unknown argument 'path_globs' for search (accepted: query, workspace, "
                    "paths, glob, languages, kinds, limit, mode, files, code) (lode error -32602)")
    error, text = replies["start_line"]
    assert error and "unknown arguments 'end_line', 'start_line' for read" in text, text
    assert "line_start, line_end" in text
    error, text = replies["limit"]
    assert error and "unknown argument 'limit' for find_definition (accepted: name, workspace)" in text, text


def test_the_listed_schemas_take_no_other_argument(replies):
    for tool in replies["tools"]:
        assert tool.input_schema.get("additionalProperties") is False, tool.name


def test_a_malformed_argument_is_named_in_one_line(replies):
    for key, expected in (("bad_limit", "'limit': Input should be greater than or equal to 1"),
                          ("bad_name", "'name': Input should be a valid string"),
                          ("missing", "'name': Field required")):
        error, text = replies[key]
        assert error and text == f"invalid params: {expected} (lode error -32602)", text
    error, text = replies["fine"]  # and the server carries on
    assert not error and json.loads(text)["candidates"][0]["path"] == "mux.go", text


def test_a_cut_answer_advises_only_the_tools_own_arguments(tmp_path, mcp_answers):
    """A cut answer's note says what to change in that tool's call: find_references has
    no paths, languages or kinds (the note used to advise them for every tool, and such
    an argument is now refused), search has them and glob."""
    from lode.service import Service

    root = tmp_path / "router"
    root.mkdir()
    (root / "go.mod").write_text("module example.com/router\n\ngo 1.21\n")
    (root / "mux.go").write_text(MUX)
    (root / "routes.go").write_text("package router\n\n" + "".join(
        f"// mount{i} adds middleware stack {i} to the router.\n"
        f"func mount{i}(mx *Mux, h func(http.Handler) http.Handler) {{\n\tmx.Use(h)\n}}\n\n"
        for i in range(120)))
    db = tmp_path / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(root), "--budget", "3000"]

    got = mcp_answers(args, {"refs": ("find_references", {"name": "router.Mux.Use", "all": True}),
                             "hits": ("search", {"query": "middleware stack", "limit": 100})})
    refs, hits = (json.loads(got[key][1]) for key in ("refs", "hits"))
    assert refs["truncated"] is True and refs["total"] == 120, refs
    assert refs["note"].endswith("-character budget; lower limit, or ask with a longer qualified name"), refs
    assert "paths" not in refs["note"]
    assert hits["note"].endswith("budget; narrow it with paths, glob, languages or kinds, or lower limit"), hits
