"""Symbols of the languages whose comments cannot hold the corpus markers (OCaml's
`(* *)`) or that are checked here on one realistic file: qualified names as `lode def`
stores them, and `outline`."""

from __future__ import annotations

from pathlib import Path

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE
from lode.symbols.structure import outline


def defs(path: str, text: str) -> dict[str, str]:
    fs = extract_symbols(path, text, None, language_for_path(path), Layout(files={path: text}))
    return {s.name: s.detail for s in fs.symbols if s.kind != REFERENCE}


def test_ocaml_modules_qualify_and_the_file_is_a_capitalised_module():
    got = defs("src/cart.ml", "type line = { sku : string }\nlet add l c = l :: c\n"
                              "module Price = struct\n  let of_euros e = e * 100\nend\n"
                              "class counter = object\n  method incr = 1\nend\n")
    assert got["Cart.line"] == "type" and got["Cart.add"] == "value"
    assert got["Cart.Price.of_euros"] == "value" and got["Cart.counter.incr"] == "method"
    assert "Cart.Price" in got


def test_ocaml_interfaces_use_the_same_rules():
    got = defs("src/cart.mli", "type line\nval add : line -> line list -> line list\n"
                               "module Price : sig\n  val of_euros : int -> int\nend\n")
    assert {"Cart.line", "Cart.add", "Cart.Price.of_euros"} <= set(got)


def test_julia_modules_functions_and_short_form_methods():
    text = ("module Carts\nstruct Line\n  sku::String\nend\nfunction add!(c, l)\n  push!(c, l)\nend\n"
            "total(c) = 0\nconst MAX = 99\nend\n")
    got = defs("src/Carts.jl", text)
    assert {"Carts", "Carts.Line", "Carts.add!", "Carts.total", "Carts.MAX"} <= set(got)


def test_perl_package_names_the_module_with_dots():
    text = "package Shop::Cart;\nuse constant MAX => 9;\n\nsub new {\n  return bless {}, shift;\n}\n"
    got = defs("lib/Shop/Cart.pm", text)
    assert got["Shop.Cart.new"] == "function" and "Shop.Cart.MAX" in got


def test_objc_methods_are_named_under_their_class():
    text = ("@interface SHCart : NSObject\n- (void)addLine:(id)line;\n@end\n\n"
            "@implementation SHCart\n- (void)addLine:(id)line {\n}\n+ (instancetype)emptyCart {\n"
            "  return nil;\n}\n@end\n")
    got = defs("SHCart.m", text)
    assert got["SHCart.addLine"] == "method" and got["SHCart.emptyCart"] == "method"


def test_outline_of_a_new_language_file_nests_members(tmp_path):
    path = tmp_path / "Router.kt"
    path.write_text("package shop\n\nclass Router {\n    fun get() = 1\n}\n")
    items = outline("Router.kt", root=str(tmp_path))
    assert [(i.name, i.depth) for i in items] == [("shop.Router", 0), ("shop.Router.get", 1)]


def test_ruby_attribute_macros_define_readers_and_writers():
    # a writer is named as `def note=(v)` is: `note=`
    text = ("module Shop\n  class Line\n    attr_reader :sku\n    attr_writer :note\n"
            "    attr_accessor :count, :price\n\n    def total=(value)\n      @total = value\n    end\n"
            "  end\nend\n")
    fs = extract_symbols("lib/shop/line.rb", text, None, language_for_path("lib/shop/line.rb"), Layout())
    members = {s.name: (s.kind, s.line) for s in fs.symbols if s.name.startswith("Shop.Line.")}
    assert members == {
        "Shop.Line.sku": ("method", 3), "Shop.Line.note=": ("method", 4),
        "Shop.Line.count": ("method", 5), "Shop.Line.count=": ("method", 5),
        "Shop.Line.price": ("method", 5), "Shop.Line.price=": ("method", 5),
        "Shop.Line.total=": ("method", 7)}


def test_php_use_of_a_global_class_binds_it():
    # `use Throwable;` in namespace Acme\App: `Throwable` is the global class, not
    # Acme.App.Throwable, in a type and as the type of `$error->getMessage()`
    path = "src/App/App.php"
    text = (Path(__file__).resolve().parent.parent / "corpora" / "php" / path).read_text()
    fs = extract_symbols(path, text, None, language_for_path(path), Layout())
    refs = {s.name for s in fs.symbols if s.kind == REFERENCE}
    assert {"Throwable", "Throwable.getMessage"} <= refs
    assert not any("Acme.App.Throwable" in name for name in refs)


def test_typescript_parameter_properties_are_the_class_and_plain_parameters_are_not():
    # `private readonly canvas`, `readonly frame`, `public scale?` are Painter's
    # properties; `options` and the `dpi` of its type literal stay local to the constructor
    path = "src/shapes/painter.ts"
    text = (Path(__file__).resolve().parent.parent / "corpora" / "typescript" / path).read_text()
    fs = extract_symbols(path, text, None, language_for_path(path), Layout())
    members = {s.name: s.detail for s in fs.symbols
               if s.kind != REFERENCE and s.name.startswith("shapes.painter.Painter.")}
    assert members == {
        "shapes.painter.Painter.constructor": "method", "shapes.painter.Painter.canvas": "property",
        "shapes.painter.Painter.frame": "property", "shapes.painter.Painter.scale": "property",
        "shapes.painter.Painter.paint": "method", "shapes.painter.Painter.framed": "method"}


def test_a_supertype_outside_any_package_is_referenced_from_other_files(tmp_path):
    # Doodle.kt, with no package clause, names Sketch (Sketch.kt's, the root package's)
    # as its supertype and in a signature: refs Sketch found nothing, for a file without
    # a package resolved no name it neither imported nor defined
    import shutil

    from lode.service import Service

    from .conftest import CORPORA
    root = tmp_path / "shop"
    shutil.copytree(CORPORA / "kotlin", root)
    with Service(str(tmp_path / "lode.db")) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
        refs = svc.references("Sketch", every=True)["references"]
        assert sorted((r["path"], r["line"]) for r in refs) == [
            ("src/main/kotlin/Doodle.kt", 4), ("src/main/kotlin/Doodle.kt", 8),
            ("src/main/kotlin/Sketch.kt", 7)]


def test_outline_nests_an_item_only_under_the_item_it_belongs_to():
    # Go methods follow their type (store.go) or a constructor (mux.go): a method sits
    # under its receiver type when that is the item above it, never under NewMux
    from .conftest import CORPORA
    root = str(CORPORA / "go")

    def tree(path):
        return [(i.name.removeprefix("example.com/app/server."), i.depth) for i in outline(path, root=root)]
    assert tree("server/store.go") == [("Store", 0), ("Store.Name", 1), ("Store.reclaim", 1)]
    assert tree("server/mux.go") == [("Mux", 0), ("NewMux", 0), ("Mux.Route", 0)]


def test_a_name_outside_any_package_is_looked_up_by_its_bare_name(tmp_path):
    # Kotlin (or Java) without a package clause: `Sketch` is the whole qualified name,
    # so the bare name the service resolves must not be refused as unqualified
    import shutil

    from lode.service import Service

    from .conftest import CORPORA
    root = tmp_path / "shop"
    shutil.copytree(CORPORA / "kotlin", root)
    with Service(str(tmp_path / "lode.db")) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
        found = svc.definition("Sketch")["candidates"]
        assert [(c["path"], c["line"]) for c in found] == [("src/main/kotlin/Sketch.kt", 3)]
        impls = svc.implementations("Sketch")["implementations"]
        assert sorted((c["name"], c["kind"]) for c in impls) == [("Doodle", "implements"), ("Outline", "implements")]
