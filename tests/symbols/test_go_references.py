"""Go references as the tree states them. A struct literal's key is the name of a field,
not a use of the package-level name it is spelled like (chi's `&Mux{methodNotAllowedHandler:
mx.methodNotAllowedHandler}` beside `func methodNotAllowedHandler`); its value, and a
map's or an array's key, are values. A value an interface's method returns has the
result type the interface states."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE

MUX = '''package chi

import "net/http"

type methodTyp uint

const mGET methodTyp = 1 << iota

var methodNames = map[methodTyp]string{
\tmGET: http.MethodGet,
}

type Mux struct {
\tparent                  *Mux
\tmethodNotAllowedHandler http.HandlerFunc
\tinline                  bool
}

func (mx *Mux) With() *Mux {
\treturn &Mux{
\t\tparent: mx, inline: true,
\t\tmethodNotAllowedHandler: mx.methodNotAllowedHandler,
\t}
}

func (mx *Mux) Fallback() *Mux {
\treturn &Mux{methodNotAllowedHandler: methodNotAllowedHandler()}
}

func methodNotAllowedHandler() http.HandlerFunc {
\treturn func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(405) }
}
'''


def test_struct_literal_keys_are_fields_and_map_keys_are_values(tmp_path):
    (tmp_path / "go.mod").write_text("module github.com/go-chi/chi/v5\n\ngo 1.21\n")
    found = extract_symbols("mux.go", MUX, None, language_for_path("mux.go"), Layout(tmp_path), every=True)
    uses = {s.line for s in found.symbols
            if s.kind == REFERENCE and s.name == "github.com/go-chi/chi/v5.methodNotAllowedHandler"}
    assert uses == {27}  # the call in Fallback, not the keys at 22 and 27's own key
    assert ("github.com/go-chi/chi/v5.mGET", 10) in {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}


LOGGER = '''package middleware

import (
\t"net/http"
\t"time"
)

// LogFormatter initiates the beginning of a new LogEntry per request.
type LogFormatter interface {
\tNewLogEntry(r *http.Request) LogEntry
}

// LogEntry records the final log when a request completes.
type LogEntry interface {
\tWrite(status, bytes int, elapsed time.Duration)
\tPanic(v interface{}, stack []byte)
}

func RequestLogger(f LogFormatter) func(next http.Handler) http.Handler {
\treturn func(next http.Handler) http.Handler {
\t\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
\t\t\tentry := f.NewLogEntry(r)
\t\t\tt1 := time.Now()
\t\t\tdefer func() {
\t\t\t\tentry.Write(200, 0, time.Since(t1))
\t\t\t}()
\t\t\tnext.ServeHTTP(w, r)
\t\t})
\t}
}
'''


def test_a_value_an_interface_method_returns_has_its_stated_type(tmp_path):
    # entry := f.NewLogEntry(r) with f a LogFormatter: entry is a LogEntry
    (tmp_path / "go.mod").write_text("module github.com/go-chi/chi/v5\n\ngo 1.21\n")
    path = "middleware/logger.go"
    found = extract_symbols(path, LOGGER, None, language_for_path(path), Layout(tmp_path), every=True)
    refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
    assert ("github.com/go-chi/chi/v5/middleware.LogFormatter.NewLogEntry", 22) in refs
    assert ("github.com/go-chi/chi/v5/middleware.LogEntry.Write", 25) in refs


def test_a_variable_given_a_typed_value_has_its_type(tmp_path):
    # chi's Mux.NotFound: `m := mx`, then `m = mx.parent` when inline
    text = ('package chi\n\n'
            'type Mux struct {\n\tparent *Mux\n\tinline bool\n}\n\n'
            'func (mx *Mux) NotFound() {\n'
            '\tm := mx\n'
            '\tif mx.inline && mx.parent != nil {\n\t\tm = mx.parent\n\t}\n'
            '\tm.updateSubRoutes()\n'
            '}\n\n'
            'func (mx *Mux) updateSubRoutes() {}\n')
    (tmp_path / "go.mod").write_text("module github.com/go-chi/chi/v5\n\ngo 1.21\n")
    found = extract_symbols("mux.go", text, None, language_for_path("mux.go"), Layout(tmp_path), every=True)
    refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
    assert ("github.com/go-chi/chi/v5.Mux.updateSubRoutes", 13) in refs
