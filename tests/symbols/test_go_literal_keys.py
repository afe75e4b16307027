"""Go: a struct literal's key is the name of a field, not a use of the package-level
name it is spelled like (chi's `&Mux{methodNotAllowedHandler: mx.methodNotAllowedHandler}`
beside `func methodNotAllowedHandler`); its value, and a map's or an array's key, are
values."""

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
