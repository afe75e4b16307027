"""Fuzzy name search: among names equal to the query once case and underscores are
dropped, the one spelled as typed comes first, then one differing in case only — the
trait ``IntoResponse`` before the ``into_response`` methods implementing it (which
ranked first, being shorter), and the other way round when the method's name is typed.
Names come from a real index of a small Rust crate and Python package (axum's and
pydantic's shapes)."""

from __future__ import annotations

import pytest

RUST = {
    "Cargo.toml": '[package]\nname = "web"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub mod response;\npub mod body;\n",
    "src/response.rs": (
        "/// Turns a value into an HTTP response.\n"
        "pub trait IntoResponse {\n    fn into_response(self) -> Response;\n}\n\n"
        "pub struct Response { pub status: u16 }\n\n"
        "impl IntoResponse for Response {\n    fn into_response(self) -> Response { self }\n}\n"),
    "src/body.rs": (
        "use crate::response::{IntoResponse, Response};\n\n"
        "pub struct Bytes(Vec<u8>);\n\n"
        "impl IntoResponse for Bytes {\n"
        "    fn into_response(self) -> Response { Response { status: 200 } }\n}\n\n"
        "pub fn into_response_parts(b: Bytes) -> Response { b.into_response() }\n"),
}
PYTHON = {
    "pkg/__init__.py": "from .type_adapter import TypeAdapter\n",
    "pkg/type_adapter.py": (
        "class TypeAdapter:\n    \"\"\"Validates values of one type.\"\"\"\n\n"
        "    def validate_python(self, value):\n        return value\n\n\n"
        "def type_adapter(tp):\n    return TypeAdapter()\n"),
}

# pydantic's shape: a class defined in one private module, imported by its siblings and
# by the tests (each import is a name of the importing module), and one test module
# defining a class of the same name of its own
SCHEMA = {
    "pkg/__init__.py": "",
    "pkg/_internal/__init__.py": "",
    "pkg/_internal/_generate_schema.py": (
        "class GenerateSchema:\n    \"\"\"Generates a core schema.\"\"\"\n\n"
        "    def generate_schema(self, obj):\n        return {'type': 'any'}\n"),
    "pkg/_internal/_config.py": (
        "from ._generate_schema import GenerateSchema\n\n\n"
        "def schema_of(cls):\n    return GenerateSchema().generate_schema(cls)\n"),
    "pkg/_internal/_model_construction.py": (
        "from ._generate_schema import GenerateSchema\n\n\n"
        "def complete(cls):\n    return GenerateSchema().generate_schema(cls)\n"),
    "tests/__init__.py": "",
    "tests/conftest.py": "from pkg._internal._generate_schema import GenerateSchema\n",
    "tests/test_json.py": (
        "from pkg._internal._generate_schema import GenerateSchema\n\n\n"
        "def test_json():\n    assert GenerateSchema().generate_schema(int)\n"),
    "tests/test_custom.py": (
        "from pkg._internal import _generate_schema\n\n\n"
        "class GenerateSchema(_generate_schema.GenerateSchema):\n    pass\n"),
}


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("fuzzy")
    for folder, files in (("web", RUST), ("py", PYTHON), ("schema", SCHEMA)):
        for rel, text in files.items():
            path = base / folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    svc = Service(db_path=str(base / "store.db"))
    for folder in ("web", "py", "schema"):
        svc.add_workspace(str(base / folder))
    svc.index(None)
    yield svc
    svc.close()


def _names(svc, query, workspace):
    return [n["name"] for n in svc.symbols(query, workspace, 10)["names"]]


def test_the_type_spelled_as_typed_outranks_methods_spelled_otherwise(service):
    names = _names(service, "IntoResponse", "web")
    assert names[0] == "web.response.IntoResponse", names
    assert {"web.body.Bytes.into_response", "web.response.Response.into_response"} <= set(names[1:])
    # no case given: the leaf equal without case (the trait) before those equal only without underscores
    assert _names(service, "intoresponse", "web")[0] == "web.response.IntoResponse"
    # the method's own spelling finds the methods first, the trait after them
    names = _names(service, "into_response", "web")
    methods = [n for n in names if n.endswith(".into_response")]
    assert len(methods) == 3 and names[:3] == methods, names  # the trait's own, Bytes's, Response's
    assert names[3] == "web.response.IntoResponse", names
    # a qualifier keeps the rule
    assert _names(service, "response.IntoResponse", "web")[0] == "web.response.IntoResponse"
    # a prefix is not an exact match: the spelling rule does not reorder prefixes
    assert "web.body.into_response_parts" in _names(service, "IntoResponse", "web")


def test_a_class_named_like_its_module(service):
    # the class (and its re-export) before the module and the function spelled type_adapter
    names = _names(service, "TypeAdapter", "py")
    assert names[:2] == ["pkg.TypeAdapter", "pkg.type_adapter.TypeAdapter"], names
    assert set(names[2:4]) == {"pkg.type_adapter", "pkg.type_adapter.type_adapter"}, names
    names = _names(service, "type_adapter", "py")
    assert set(names[:2]) == {"pkg.type_adapter", "pkg.type_adapter.type_adapter"}, names


def test_a_definition_before_the_imports_of_its_name_and_code_before_tests(service):
    # the imports' names (tests.conftest.GenerateSchema, …) are as short as the class's or
    # shorter, and came first; now the class, then the test module's own class, then the
    # imports in code, then those in tests
    names = _names(service, "GenerateSchema", "schema")
    assert names[:6] == [
        "pkg._internal._generate_schema.GenerateSchema",
        "tests.test_custom.GenerateSchema",
        "pkg._internal._config.GenerateSchema",
        "pkg._internal._model_construction.GenerateSchema",
        "tests.conftest.GenerateSchema",
        "tests.test_json.GenerateSchema",
    ], names
    # other spellings keep their places after them: the method, then the module
    assert set(names[6:8]) == {"pkg._internal._generate_schema",
                               "pkg._internal._generate_schema.GenerateSchema.generate_schema"}, names
    # a limit cuts after the reordering: the definition is in the first answer
    assert [n["name"] for n in service.symbols("GenerateSchema", "schema", 1)["names"]] == [
        "pkg._internal._generate_schema.GenerateSchema"]
