"""A library's own definitions and uses come before its documentation sources',
examples', vendored copies' and tests' (still listed, after), and a class's describe
answers its own doc. A project like FastAPI keeps hundreds of tutorial programs in
`docs_src/` that define and call the library's names again; before, a bare `get` listed
the tutorials' `get` first (fewer dots in their module names) and references listed
`docs_src/` and `examples/` before the library (by path alone), and describing a class
returned its docstring with its members' signatures glued on."""

from __future__ import annotations

import pytest

from web_project import indexed_web_project


@pytest.fixture(scope="module")
def webkit(tmp_path_factory):
    return indexed_web_project(tmp_path_factory.mktemp("own"))


def _group(path: str) -> str:
    return path.split("/", 1)[0]


def test_a_bare_name_lists_the_library_first(webkit):
    from lode.service import Service

    _root, db = webkit
    with Service(str(db)) as svc:
        matches = svc.definition("get")["matches"]
    # the library's, then the tutorials' copies (still listed), then the test's helper
    assert matches == ["webkit.applications.App.get", "webkit.routing.Router.get",
                       "tutorial001.get", "tutorial002.get", "test_routing.get"]


def test_references_list_the_library_then_docs_and_examples_then_tests(webkit):
    from lode.service import Service

    _root, db = webkit
    with Service(str(db)) as svc:
        every = svc.references("webkit.routing.Router.add_route")
        cut = svc.references("webkit.routing.Router.add_route", limit=2)
    groups = [_group(r["path"]) for r in every["references"]]
    assert groups == ["webkit", "webkit", "docs_src", "docs_src", "examples", "tests"], every["references"]
    assert every["total"] == 6 and not every["truncated"]
    # a limit keeps the first ones of the same order, and says the list is cut
    assert cut["references"] == every["references"][:2] and cut["total"] == 6 and cut["truncated"]


def test_describe_a_class_answers_its_own_doc(webkit):
    from lode.service import Service

    _root, db = webkit
    with Service(str(db)) as svc:
        (router,) = svc.describe("webkit.routing.Router")["symbols"]
        (route,) = svc.describe("webkit.routing.Route")["symbols"]
    assert router["signature"] == "class Router"
    assert router["doc"] == ("Groups path operations, for example to structure an app in several files.\n\n"
                             "It is then included in the app, or in another router.")
    # a class without a docstring has no doc (before: its members' signatures stood as one)
    assert route["signature"] == "class Route" and not route.get("doc")
