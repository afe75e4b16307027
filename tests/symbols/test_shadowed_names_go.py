"""Go: a function's parameters and the names :=, range and var declare hide an import
of their name. `strings := r.Split(); strings.Count()` is no use of the package strings,
nor `url.Host` of net/url with a parameter `url *url.URL`; the import keeps its uses
outside that scope. (Names of the package itself are not hidden by locals: that cost
the symbols stage ~30% on Go's tree; a file here pays only for the names its
parameters and := bind that are imports.)"""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE

_GO_MOD = "module github.com/acme/router\n\ngo 1.21\n"

_ROUTES = '''package router

import (
\t"net/http"
\t"net/url"
\t"path"
\t"strings"
)

type Route struct {
\tPattern string
}

// Segments is the route's pattern, split at its slashes.
func (r *Route) Segments() Parts {
\treturn Parts(strings.Split(r.Pattern, "/"))
}

type Parts []string

func (p Parts) Count(s string) int {
\treturn len(p)
}

func Depth(r *Route) int {
\tstrings := r.Segments()
\treturn strings.Count("/")
}

func Host(url *url.URL) string {
\treturn url.Host
}

func Clean(paths []string) []string {
\tfor i, path := range paths {
\t\tpaths[i] = path.Clean()
\t}
\tif path := paths[0]; path != "" {
\t\treturn path.Split()
\t}
\treturn []string{path.Clean(strings.TrimSpace(paths[0]))}
}

func Serve(w http.ResponseWriter, req *http.Request) {
\thttp.Error(w, url.QueryEscape(req.URL.Path), http.StatusNotFound)
}

func Parse(raw string) (Parts, error) {
\turl, err := url.Parse(raw)
\tif err != nil {
\t\treturn nil, err
\t}
\tparts, ok := any(url.Path).(Parts)
\tif !ok {
\t\treturn Parts(strings.Split(url.Path, "/")), nil
\t}
\treturn parts, nil
}
'''


def test_parameters_and_short_variables_hide_imports(tmp_path):
    (tmp_path / "go.mod").write_text(_GO_MOD)
    path = "routes.go"
    (tmp_path / path).write_text(_ROUTES)
    found = extract_symbols(path, _ROUTES, None, language_for_path(path), Layout(tmp_path), every=True)
    refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
    # `strings := r.Segments()`: its Count is never the package's (nor, yet, Parts.Count:
    # a base named as an import is read as the import or as nothing)
    assert ("strings.Count", 27) not in refs
    assert ("strings.Split", 16) in refs
    # a parameter named as the import it is typed with: the type is the package's
    assert ("net/url.URL", 30) in refs
    assert ("net/url.Host", 31) not in refs
    # range and if-initializer variables hide `path` in their statement only
    assert ("path.Clean", 36) not in refs
    assert ("path.Split", 39) not in refs
    assert ("path.Clean", 41) in refs and ("strings.TrimSpace", 41) in refs
    # the imports where no local hides them
    assert ("net/url.QueryEscape", 45) in refs and ("net/http.Error", 45) in refs
    # a name := declares is the import's on its own right-hand side, its own after
    assert ("net/url.Parse", 49) in refs
    assert ("net/url.Path", 53) not in refs and ("net/url.Path", 55) not in refs
    # a local is never a type: `parts, ok := x.(Parts)` with a local `parts` beside
    assert ("github.com/acme/router.Parts", 53) in refs


_REDIRECTS = '''package router

import (
\t"net/http"
\t"net/url"
)

// Target is where a short link leads.
type Target struct {
\tHost string
\tPath string
}

func (t *Target) String() string {
\treturn "https://" + t.Host + t.Path
}

func lookup(code string) (int, *Target) {
\treturn http.StatusFound, &Target{Host: "example.com", Path: "/" + url.PathEscape(code)}
}

// Redirect sends the client to the target of a short link.
func Redirect(w http.ResponseWriter, r *http.Request) {
\tstatus, url := lookup(r.URL.Path)
\tif url == nil {
\t\thttp.NotFound(w, r)
\t\treturn
\t}
\thttp.Redirect(w, r, url.String(), status)
}

func Escape(code string) string {
\treturn url.QueryEscape(code)
}
'''


def test_a_later_short_variable_hides_an_import(tmp_path):
    # `status, url := lookup(...)`: url is bound second, with no typed capture for it
    # and nothing else in the file binding url
    (tmp_path / "go.mod").write_text(_GO_MOD)
    path = "redirect.go"
    (tmp_path / path).write_text(_REDIRECTS)
    found = extract_symbols(path, _REDIRECTS, None, language_for_path(path), Layout(tmp_path), every=True)
    refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
    assert ("net/url.String", 29) not in refs
    assert ("net/url.PathEscape", 19) in refs and ("net/url.QueryEscape", 33) in refs
    assert ("net/http.Redirect", 29) in refs
