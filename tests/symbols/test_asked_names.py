"""The type table keeps only the variables and fields some look-up may ask for: a name
that no member expression's base, no typed variable's value and no callee holds as a
word is left out (typed._asked_words). The members reached through the names that are
kept still resolve: a name seen only as another variable's value (`m := mx`), only in
a callee (`rows := s.db.Query()`), only inside a longer base (`m.db.Query()`), and a
class attribute Python sets from a typed parameter (`self.app = app`)."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE
from lode.symbols.typed import _asked_words

SERVER = '''package shop

import "net/http"

type DB struct{}

func (d *DB) Query() *Rows { return nil }

type Rows struct{}

func (r *Rows) Next() bool { return false }

type Server struct {
\tdb     *DB
\tunused *DB
}

func (s *Server) Run(mx *Server, c *http.Client, n int) {
\tm := mx
\tm.db.Query()
\trows := s.db.Query()
\trows.Next()
\tc.Do(nil)
\t_ = n + 1
}
'''


def _refs(tmp_path, path: str, text: str) -> set[tuple[str, int]]:
    found = extract_symbols(path, text, None, language_for_path(path), Layout(tmp_path), every=True)
    return {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}


def test_members_reached_through_values_callees_and_chains(tmp_path):
    (tmp_path / "go.mod").write_text("module example.com/shop\n\ngo 1.21\n")
    refs = _refs(tmp_path, "server.go", SERVER)
    assert ("example.com/shop.Server.db", 20) in refs  # m's type comes from mx, a value only
    assert ("example.com/shop.DB.Query", 20) in refs  # db: a member inside the base `m.db`
    assert ("example.com/shop.DB.Query", 21) in refs
    assert ("example.com/shop.Rows.Next", 22) in refs  # rows: the callee `s.db.Query`'s result
    assert ("net/http.Client.Do", 23) in refs


APP = '''from flask import Flask


class Service:
    def __init__(self, app: Flask, name: str):
        self.app = app
        self.name = name

    def start(self):
        self.app.run()
'''


def test_an_attribute_set_from_a_typed_parameter(tmp_path):
    refs = _refs(tmp_path, "service.py", APP)
    assert ("flask.Flask.run", 10) in refs


def test_the_words_a_look_up_may_ask_for():
    data = b"x := a.b(c); y := d"
    words = _asked_words(data, {b"s.mu", b"conn", b"f(x).g", b"$this", b"gr\xc3\xb6\xc3\x9fe.n"}, [])
    assert {b"s", b"mu", b"conn", b"f", b"x", b"g", b"$this", b"gr\xc3\xb6\xc3\x9fe", b"n"} <= words
    assert b"." not in words and b"f(x)" not in words
