"""Go's blank identifier declares nothing: `var _ Router = &Mux{}` (a compile-time check
that *Mux implements Router, as routers and middleware write it), `const _ = iota`,
`func _()` and `type _ int` are no definitions, while the names they use stay
references."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE

_GO_MOD = "module github.com/acme/chi/v5\n\ngo 1.14\n"

_MUX = '''package chi

import (
\t"io"
\t"net/http"
)

var _ Router = &Mux{}

var (
\t_ http.Flusher = &flushWriter{}
\t_ io.ReaderFrom = (*flushWriter)(nil)
)

const (
\t_ = iota
\tmethodGet
)

type _ int

// Mux is a simple HTTP route multiplexer.
type Mux struct {
\thandler http.Handler
}

type flushWriter struct{ http.ResponseWriter }

func (f *flushWriter) Flush() {}

func (f *flushWriter) ReadFrom(r io.Reader) (int64, error) { return 0, nil }

func (mx *Mux) _() {}

func _() {
\tvar mx Mux
\t_ = mx.handler
}

func NewMux() *Mux {
\tmux := &Mux{}
\t_ = methodGet
\treturn mux
}
'''


def _symbols():
    files = {"go.mod": _GO_MOD, "mux.go": _MUX}
    fs = extract_symbols("mux.go", _MUX, None, language_for_path("mux.go"), Layout(files=files))
    defs = {s.name for s in fs.symbols if s.kind != REFERENCE}
    refs = {s.name for s in fs.symbols if s.kind == REFERENCE}
    return defs, refs


def test_blank_identifier_declarations_define_nothing():
    defs, _ = _symbols()
    assert not {name for name in defs if name.rsplit(".", 1)[-1] == "_"}, sorted(defs)
    # the file's real declarations are all still there
    assert {"github.com/acme/chi/v5.Mux", "github.com/acme/chi/v5.NewMux",
            "github.com/acme/chi/v5.methodGet", "github.com/acme/chi/v5.flushWriter",
            "github.com/acme/chi/v5.flushWriter.Flush"} <= defs


def test_an_interface_check_still_references_the_interface_and_the_type():
    _, refs = _symbols()
    assert {"github.com/acme/chi/v5.Router", "github.com/acme/chi/v5.Mux", "net/http.Flusher",
            "io.ReaderFrom", "github.com/acme/chi/v5.flushWriter"} <= refs
