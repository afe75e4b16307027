"""Extraction rules on small in-memory files (no store): what each language's rules say."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE


def extract(path: str, text: str, files: dict[str, str] | None = None):
    files = dict(files or {})
    files[path] = text
    return extract_symbols(path, text, None, language_for_path(path), Layout(files=files))


def refs(fs) -> set[str]:
    return {s.name for s in fs.symbols if s.kind == REFERENCE}


def defs(fs) -> dict[str, str]:
    return {s.name: s.kind for s in fs.symbols if s.kind != REFERENCE}


def test_go_alias_references_only_exported_names():
    fs = extract("srv/a.go", 'package srv\nimport h "net/http"\nfunc f() { h.Get(); h.notExported() }\n',
                 {"go.mod": "module example.com/m\n"})
    assert fs.module == "example.com/m/srv"
    assert "net/http.Get" in refs(fs)
    assert not any(r.endswith("notExported") for r in refs(fs))
    assert fs.aliases["h"] == "net/http"


def test_go_pointer_value_and_generic_receivers():
    fs = extract("a.go", "package a\ntype T struct{}\nfunc (t *T) P() {}\nfunc (t T) V() {}\n"
                 "type G[K any] struct{}\nfunc (g *G[K]) M() {}\n")
    assert {"a.T.P", "a.T.V", "a.G.M"} <= {n for n, k in defs(fs).items() if k == "method"}


def test_go_vendored_and_std_import_paths():
    files = {"go.mod": "module std\n"}
    assert extract("net/http/a.go", "package http\n", files).module == "net/http"
    assert extract("vendor/golang.org/x/net/a/a.go", "package a\n", files).module == "golang.org/x/net/a"


def test_python_import_as_and_relative_imports():
    files = {"pkg/__init__.py": "", "pkg/sub/__init__.py": ""}
    fs = extract("pkg/sub/m.py", "import numpy as np\nfrom .. import util\nfrom ..core import Thing as T\n"
                 "np.array()\nT()\n", files)
    assert fs.module == "pkg.sub.m"
    assert fs.aliases == {"np": "numpy", "util": "pkg.util", "T": "pkg.core.Thing"}
    assert {"numpy.array", "pkg.core.Thing"} <= refs(fs)


def test_python_all_limits_reexports():
    files = {"pkg/__init__.py": ""}
    fs = extract("pkg/__init__.py", "from .a import A, B\n__all__ = ['A']\n", files)
    assert {(l.name, l.target, l.exported) for l in fs.links} == {
        ("pkg.A", "pkg.a.A", True), ("pkg.B", "pkg.a.B", False)}


def test_python_overload_stubs_are_not_definitions():
    fs = extract("m.py", "from typing import overload\nclass C:\n    @overload\n    def f(self, x: int): ...\n"
                 "    def f(self, x): return x\n")
    assert [s.line for s in fs.symbols if s.name == "m.C.f"] == [5]


def test_rust_pub_use_glob_and_impl_of_imported_type():
    files = {"Cargo.toml": '[package]\nname = "my-crate"\n'}
    fs = extract("src/shapes/mod.rs", "mod circle;\npub use self::circle::*;\nuse crate::geo::Point;\n"
                 "impl Point { pub fn norm(&self) -> f64 { 0.0 } }\n", files)
    assert fs.module == "my_crate.shapes"
    assert ("my_crate.shapes.*", "my_crate.shapes.circle.*") in {(l.name, l.target) for l in fs.links}
    assert defs(fs)["my_crate.geo.Point.norm"] == "method"


def test_zig_pub_import_is_a_reexport_and_not_a_definition():
    fs = extract("std.zig", 'pub const mem = @import("mem.zig");\nconst builtin = @import("builtin");\n'
                 'pub const Allocator = mem.Allocator;\n')
    assert ("std.mem", "mem") in {(l.name, l.target) for l in fs.links}
    assert ("std.Allocator", "mem.Allocator") in {(l.name, l.target) for l in fs.links}
    assert "std.mem" not in defs(fs)


def test_typescript_export_star_and_namespace_import():
    fs = extract("src/index.ts", 'export * from "./a";\nimport * as b from "./b";\nb.run();\n',
                 {"package.json": "{}"})
    assert fs.module == "index"
    assert ("index.*", "a.*") in {(l.name, l.target) for l in fs.links}
    assert "b.run" in refs(fs)


def test_unparsable_input_still_yields_a_record():
    fs = extract("x.py", "def (:\n  class\n")
    assert fs is not None and fs.module == "x"


def test_rust_2015_use_paths_start_at_the_crate_root():
    files = {"Cargo.toml": '[package]\nname = "old"\n'}  # no edition: 2015
    fs = extract("src/a/mod.rs", "use ser::Serializer;\nuse std::fmt;\nextern crate serde as s;\nuse s::de;\n"
                 "impl Serializer for X {}\n", files)
    assert fs.aliases["Serializer"] == "old.ser.Serializer"
    assert fs.aliases["fmt"] == "std.fmt"
    assert fs.aliases["de"] == "serde.de"
    files = {"Cargo.toml": '[package]\nname = "new"\nedition = "2021"\n'}
    assert extract("src/a/mod.rs", "use ser::Serializer;\n", files).aliases["Serializer"] == "ser.Serializer"


def test_fuzzy_ignores_case_and_underscores():
    from lode.symbols.fuzzy import NameMatcher
    m = NameMatcher(["regex.Regex.is_match", "macros.ismatch_all", "x.IsMatcher"])
    assert m.search("isMatch")[0].name == "regex.Regex.is_match"


def test_typed_receivers_fields_and_results_name_the_member(tmp_path):
    fs = extract("srv/a.go", '''package srv
import "net/http"
type DB struct{}
func (d *DB) Query() *Rows { return nil }
type Rows struct{}
func (r *Rows) Next() bool { return false }
type Server struct {
    db *DB
    client *http.Client
}
func (s *Server) Run(c *http.Client) {
    s.Close()
    s.db.Query().Next()
    c.Do(nil)
    s.client.Get("x")
    u := &Server{}
    u.Stop()
    v.Hidden()
}
''', {"go.mod": "module example.com/m\n"})
    got = refs(fs)
    m = "example.com/m/srv"
    assert {f"{m}.Server.Close", f"{m}.DB.Query", f"{m}.Rows.Next", "net/http.Client.Do",
            "net/http.Client.Get", f"{m}.Server.Stop"} <= got
    assert f"{m}.Server" in got and f"{m}.DB" in got  # types used in fields and signatures
    assert not any(r.endswith("Hidden") for r in got)  # `v` has no type the tree states


def test_python_self_annotations_and_constructed_values():
    fs = extract("pkg/app.py", '''from .ctx import AppContext

class Flask:
    def __init__(self):
        self.cache = Cache()

    def app_context(self) -> AppContext:
        return AppContext(self)

    def run(self, other: "Flask"):
        self.app_context().push()
        self.cache.get()
        other.run(None)
        unknown.run()

class Cache:
    def get(self): pass

def main():
    c = Cache()
    c.get()
''', {"pkg/__init__.py": ""})
    got = refs(fs)
    assert {"pkg.app.Flask.app_context", "pkg.ctx.AppContext.push", "pkg.app.Cache.get",
            "pkg.app.Flask.run", "pkg.app.Flask.cache"} <= got
    assert not any(r.startswith("unknown") for r in got)


def test_typescript_this_fields_and_parameter_properties():
    fs = extract("src/svc.ts", '''import { Database } from "./db";
export class Service {
  private cache = new Cache();
  constructor(private db: Database) {}
  run(): Result {
    this.db.query();
    this.cache.get();
    this.helper().done();
  }
  helper(): Result { return new Result(); }
}
class Cache { get() {} }
class Result { done() {} }
''', {"package.json": "{}"})
    assert {"db.Database.query", "svc.Cache.get", "svc.Service.helper", "svc.Result.done",
            "db.Database"} <= refs(fs)


def test_every_occurrence_on_request():
    text = "package a\ntype T struct{}\nfunc (t *T) M() {}\nfunc f(t *T) {\n    t.M()\n    t.M()\n}\n"
    once = [s for s in extract("a.go", text).symbols if s.name == "a.T.M" and s.kind == REFERENCE]
    files = {"a.go": text}
    every = [s for s in extract_symbols("a.go", text, None, language_for_path("a.go"), Layout(files=files),
                                        every=True).symbols if s.name == "a.T.M" and s.kind == REFERENCE]
    assert [s.line for s in once] == [5] and [s.line for s in every] == [5, 6]


def test_python_names_used_as_values_are_references():
    fs = extract("pkg/cli.py", '''from .groups import AppGroup

def run_command():
    pass

def setup(cli, x):
    cli.add_command(run_command)
    cli.group(cls=AppGroup)
    run_command.params.insert(0, None)
    return isinstance(x, AppGroup)
''', {"pkg/__init__.py": ""})
    assert [s.line for s in fs.symbols if s.name == "pkg.cli.run_command" and s.kind == REFERENCE] == [7]
    assert "pkg.groups.AppGroup" in refs(fs)


def test_super_and_optional_types():
    fs = extract("pkg/a.py", '''from typing import Optional
from .base import Base, Flask

class A(Base):
    def m(self, x: Optional[Flask], y: Flask | None):
        super().m()
        x.run()
        y.stop()
''', {"pkg/__init__.py": ""})
    assert {"pkg.base.Base.m", "pkg.base.Flask.run", "pkg.base.Flask.stop"} <= refs(fs)
    ts = extract("src/a.ts", '''import { B, Obs } from "./b";
class A extends B {
  src: Obs | undefined;
  m() { super.m(); this.src?.subscribe(); }
}
''', {"package.json": "{}"})
    assert {"b.B.m", "b.Obs.subscribe"} <= refs(ts)
