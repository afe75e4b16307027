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


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("fuzzy")
    for folder, files in (("web", RUST), ("py", PYTHON)):
        for rel, text in files.items():
            path = base / folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    svc = Service(db_path=str(base / "store.db"))
    for folder in ("web", "py"):
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
