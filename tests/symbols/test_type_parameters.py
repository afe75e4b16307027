"""A generic's type parameters (`class Shelf<T>`, `func Keys[K comparable, V any]`,
`function keep<Shape>`) are names local to the declaration: not indexed, and their
uses inside it are no references — not the package's `T`, nor an import the parameter
hides — while the real types around them still are."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE

from .conftest import CORPORA


def symbols(lang: str, path: str):
    root = CORPORA / lang
    text = (root / path).read_text()
    return extract_symbols(path, text, None, language_for_path(path), Layout(root), every=True).symbols


def names_using(found, params: set[str]) -> set[str]:
    return {s.name for s in found if s.kind == REFERENCE and params & set(s.name.split("."))}


def test_java_class_and_method_type_parameters_are_not_references():
    # `T item = items.get(0); item.hashCode()` was com.acme.shop.T and T.hashCode;
    # `<T extends Warehouse> … stocked(T warehouse …)`: warehouse.count is no Warehouse.count
    found = symbols("java", "src/main/java/com/acme/shop/Shelf.java")
    assert names_using(found, {"T", "R"}) == set()
    assert not any(s.kind != REFERENCE and s.name.endswith((".T", ".R")) for s in found)
    refs = {(s.name, s.line) for s in found if s.kind == REFERENCE}
    assert ("com.acme.shop.Warehouse", 37) in refs  # the bound is a real type
    assert {line for name, line in refs if name == "com.acme.shop.Warehouse.count"} == {39}
    assert ("com.acme.shop.Shelf.put", 31) in refs


def test_go_type_parameters_and_receiver_type_arguments_are_not_references():
    found = symbols("go", "server/cache.go")
    assert names_using(found, {"K", "V"}) == set()
    refs = {s.name for s in found if s.kind == REFERENCE}
    assert {"example.com/app/server.Store", "example.com/app/server.Cache"} <= refs


def test_typescript_type_parameter_hides_an_imported_type_inside_its_declaration():
    # keep<Shape>(…) names its own parameter Shape: only Registry's bound and total() use
    # the imported one (the bound and total's Shape[] as well as its (s: Shape))
    found = symbols("typescript", "src/shapes/registry.ts")
    lines = {s.line for s in found if s.kind == REFERENCE and s.name.startswith("shapes.shape.Shape")}
    assert lines == {1, 7, 23, 25}
    assert names_using(found, {"S"}) == set()


def test_csharp_new_of_a_type_parameter_is_not_a_reference():
    text = ("namespace Shop.Inventory;\n\npublic static class Factory\n{\n"
            "    public static T Make<T>() where T : new() => new T();\n"
            "    public static Stock Stock() => new Stock();\n}\n")
    fs = extract_symbols("src/Factory.cs", text, None, language_for_path("src/Factory.cs"), Layout())
    refs = {s.name for s in fs.symbols if s.kind == REFERENCE}
    assert "Shop.Inventory.T" not in refs and "Shop.Inventory.Stock" in refs


def test_kotlin_parameters_and_locals_called_are_not_package_references():
    # retry's parameter `attempt` (a function type), its local `onFailure` (a lambda) and a
    # lambda's `attempt` were each stored as a reference to the package's function of that name
    found = symbols("kotlin", "src/main/kotlin/shop/Retry.kt")
    refs = {(s.name, s.line) for s in found if s.kind == REFERENCE}
    assert {line for name, line in refs if name.startswith("shop.routing.attempt")} == {24}
    # describeFailure's parameter onFailure is an Int: onFailure(onFailure) calls the function
    assert {line for name, line in refs if name.startswith("shop.routing.onFailure")} == {26, 32}
    assert not any(name.startswith(("shop.routing.report", "shop.routing.times", "shop.routing.i."))
                   for name, _ in refs)
    defs = {s.name for s in found if s.kind != REFERENCE}
    assert defs >= {"shop.routing.attempt", "shop.routing.onFailure", "shop.routing.retry"}
    assert not defs & {"shop.routing.times", "shop.routing.report", "shop.routing.retry.attempt"}


def test_kotlin_values_used_as_x_member_are_not_the_package_functions_of_their_names():
    # Request.kt: the package has functions `url` and `cookies`; the builder's property
    # `url`, a parameter `url`, a local `cookies` and a local `thread` (named as the
    # imported kotlin.concurrent.thread) are used as `x.member`. Each was a reference to
    # the function (`shop.routing.url.build`, `kotlin.concurrent.thread.join`).
    found = symbols("kotlin", "src/main/kotlin/shop/Request.kt")
    refs = {(s.name, s.line) for s in found if s.kind == REFERENCE}
    assert not {name for name, _ in refs if name.startswith(
        ("shop.routing.url.", "shop.routing.cookies.", "kotlin.concurrent.thread."))}
    assert {line for name, line in refs if name == "shop.routing.url"} == set()
    # calling the functions still references them; so does a top-level value's member
    assert {line for name, line in refs if name == "shop.routing.cookies"} == {43}
    assert {line for name, line in refs if name == "kotlin.concurrent.thread"} == {3, 44, 52}
    assert ("shop.routing.defaultPath.build", 47) in refs
    # the parameters and locals themselves are never indexed
    defs = {s.name for s in found if s.kind != REFERENCE}
    assert not defs & {"shop.routing.path", "shop.routing.builder", "shop.routing.worker",
                       "shop.routing.thread", "shop.routing.RequestBuilder.builder"}
    assert "shop.routing.RequestBuilder.url" in defs and "shop.routing.url" in defs


def test_kotlin_type_parameters_are_not_references():
    # Stages.kt's `abstract class Stage<T>` uses T in `run(input: T): T`: now that types
    # in signatures are references, T must not be taken for the package's `T`
    found = symbols("kotlin", "src/main/kotlin/shop/Stages.kt")
    assert names_using(found, {"T"}) == set()
    assert "shop.routing.Route" in {s.name for s in found if s.kind == REFERENCE}


def test_kotlin_object_passed_as_an_argument_is_a_reference_and_a_local_is_not():
    # `HttpClient(TestEngine, timeout)`: the object is a reference; the lowercase
    # `timeout` and `local` are values, resolved to nothing here
    found = symbols("kotlin", "src/main/kotlin/shop/Client.kt")
    refs = {(s.name, s.line) for s in found if s.kind == REFERENCE}
    assert ("shop.client.TestEngine", 47) in refs
    assert not {name for name, line in refs if line in (47, 49)} - {
        "shop.client.TestEngine", "shop.client.HttpClient"}


def test_kotlin_constructor_parameters_hide_package_values_inside_the_class():
    # `class HttpClient(val engine: Engine, timeout: Timeout)`: `engine` is the class's
    # property HttpClient.engine, `timeout` a value of its initialisers; their members
    # there are no references to the package-level `engine` and `timeout`, while a
    # method, which does not see `timeout`, uses the package's
    found = symbols("kotlin", "src/main/kotlin/shop/Client.kt")
    defs = {s.name for s in found if s.kind != REFERENCE}
    assert "shop.client.HttpClient.engine" in defs
    assert "shop.client.HttpClient.timeout" not in defs
    refs = {(s.name, s.line) for s in found if s.kind == REFERENCE}
    inside = {name for name, line in refs if 25 <= line <= 38}
    assert not {"shop.client.timeout", "shop.client.timeout.doubled", "shop.client.engine",
                "shop.client.engine.execute"} & inside
    assert ("shop.client.timeout.doubled", 42) in refs


SESSION_KT = '''\
package shop.client

import shop.net.timeout

class Timeout(val millis: Long) {
    fun doubled(): Long = millis * 2
}

val engine: Timeout = Timeout(10)

class Session(timeout: Timeout, engine: Timeout) {
    private val deadline = timeout.doubled()
    private val lazyDeadline by lazy { engine.doubled() }
    val remaining: Long
        get() = timeout.doubled() - deadline
    var budget: Long = engine.doubled()
        set(value) { field = value + engine.doubled() }

    constructor(millis: Long) : this(Timeout(millis), Timeout(millis)) {
        timeout.doubled()
    }
}
'''


def test_kotlin_plain_constructor_parameters_are_not_seen_by_accessors_or_secondary_constructors(tmp_path):
    # Kotlin gives a plain primary-constructor parameter to the class's initialisers only
    # (property initialisers and delegates, init blocks): a getter, a setter and a secondary
    # constructor read the import or the package's value of that name
    (tmp_path / "build.gradle.kts").write_text("")
    path = "src/main/kotlin/shop/Session.kt"
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(SESSION_KT)
    found = extract_symbols(path, SESSION_KT, None, language_for_path(path), Layout(tmp_path), every=True)
    refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
    at = {line: {name for name, n in refs if n == line} for line in range(12, 21)}
    assert not at[12] | at[13] | at[16]  # initialisers: the parameters
    assert at[15] == {"shop.net.timeout.doubled"}  # a getter: the import
    assert at[17] == {"shop.client.engine", "shop.client.engine.doubled"}  # a setter: the package's value
    assert at[20] == {"shop.net.timeout.doubled"}  # a secondary constructor: the import
