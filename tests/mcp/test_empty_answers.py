"""Answers that come back empty, as an agent meets them on a small Go router project:
each says why, so the agent neither retries the same call nor concludes the code is
not there.

- ``search`` with filters that exclude every hit says the filters did it (and where the
  query alone finds something), not that no word of the query is indexed;
- ``read`` from an offset past the end says so, instead of a bare header;
- ``read`` by absolute path into another indexed workspace names that workspace, since
  the path it answers with is relative to that workspace, not to the project;
- ``query_ast`` over a path that does not exist is an error naming it, not "no
  captures"."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")

MUX = '''package router

import "net/http"

// Mux is an HTTP request multiplexer: it matches a request's path against
// the registered routes and runs the middleware stack before the handler.
type Mux struct {
	middlewares []func(http.Handler) http.Handler
	routes      map[string]http.Handler
}

// Use appends a middleware handler to the Mux middleware stack.
func (mx *Mux) Use(middlewares ...func(http.Handler) http.Handler) {
	mx.middlewares = append(mx.middlewares, middlewares...)
}

// ServeHTTP routes the request through the middleware stack.
func (mx *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := mx.routes[r.URL.Path]
	for i := len(mx.middlewares) - 1; i >= 0; i-- {
		h = mx.middlewares[i](h)
	}
	h.ServeHTTP(w, r)
}
'''

LOGGER = '''package middleware

import (
	"log"
	"net/http"
)

// Logger is a middleware that logs the start and end of each request.
func Logger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Printf("started %s %s", r.Method, r.URL.Path)
		next.ServeHTTP(w, r)
		log.Printf("completed %s", r.URL.Path)
	})
}
'''

QUERY = "(function_declaration name: (identifier) @name)"

GUIDE = "# Routing guide\n\nRoutes are matched by path; middleware wraps every handler.\n"


@pytest.fixture(scope="module")
def answers(tmp_path_factory, mcp_answers):
    from lode.service import Service

    base = tmp_path_factory.mktemp("empty")
    root, docs = base / "router", base / "handbook"
    (root / "middleware").mkdir(parents=True)
    docs.mkdir()
    (root / "go.mod").write_text("module example.com/router\n\ngo 1.21\n")
    (root / "mux.go").write_text(MUX)
    (root / "middleware" / "logger.go").write_text(LOGGER)
    (docs / "guide.md").write_text(GUIDE)
    db = base / "store.db"
    with Service(str(db)) as svc:
        for ws in (root, docs):
            svc.add_workspace(str(ws))
            svc.index(str(ws), embed=False)
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(root)]
    calls = {
        "unfiltered": ("search", {"query": "middleware stack"}),
        "glob": ("search", {"query": "middleware stack", "glob": ["**/*.rs"]}),
        "glob_files": ("search", {"query": "middleware stack", "glob": ["**/*.rs"], "files": True}),
        "nothing": ("search", {"query": "zeppelin", "glob": ["**/*.go"]}),
        "past_end": ("read", {"path": "mux.go", "offset": 100_000}),
        "own": ("read", {"path": "mux.go", "line_start": 5, "line_end": 6}),
        "other": ("read", {"path": str(docs / "guide.md")}),
        # a folder name mistyped ("middlware"): no captures would read as "no such code"
        "ast_typo": ("query_ast", {"query": QUERY, "paths": ["middlware/"]}),
        "ast_folder": ("query_ast", {"query": QUERY, "paths": ["middleware/"]}),
    }

    return mcp_answers(args, calls)


def test_a_search_emptied_by_its_filters_says_so(answers):
    import json

    error, text = answers["unfiltered"]
    assert not error and json.loads(text)["hits"], text
    for key in ("glob", "glob_files"):
        error, text = answers[key]
        result = json.loads(text)
        assert not error and not result.get("hits") and not result.get("files"), text
        assert "glob=['**/*.rs']" in result["note"] and "mux.go:" in result["note"], result
        assert "no word of the query is indexed" not in text
    # a query that finds nothing anywhere is not blamed on its filters
    error, text = answers["nothing"]
    assert not error and "note" not in json.loads(text), text


def test_a_read_past_the_end_says_so(answers):
    error, text = answers["past_end"]
    assert not error
    assert text == f"mux.go (no text from offset 100000: the file has {len(MUX)} characters)\n"


def test_a_read_in_another_workspace_names_it(answers):
    error, own = answers["own"]
    assert not error and own.split("\n", 1)[0].startswith("mux.go (")  # the project's own: as before
    error, other = answers["other"]
    assert not error
    assert other.split("\n", 1)[0].startswith("guide.md in workspace 'handbook' (")
    assert other.split("\n", 1)[1] == GUIDE


def test_query_ast_over_a_missing_path_names_it(answers):
    import json

    error, text = answers["ast_typo"]
    assert error and "no such file or folder in workspace 'router': middlware/" in text, text
    assert "-32004" in text
    error, text = answers["ast_folder"]
    assert not error and [c["text"] for c in json.loads(text)["captures"]] == ["Logger"], text
