"""Through ``lode mcp`` and the real MCP client, on a library laid out as FastAPI is
(tutorial copies in ``docs_src/``, an example, a test): a bare name's ``matches`` (each
with where it is defined) and ``find_references`` list the library's own code first, the
docs sources, examples and tests after; ``describe_symbol`` on a class answers the
class's own doc. Before, the tutorials' `get` came first, references in `docs_src/` and
`examples/` led the list, and the class's doc ended with its members' signatures."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

from web_project import indexed_web_project  # noqa: E402


@pytest.fixture(scope="module")
def webkit(tmp_path_factory):
    return indexed_web_project(tmp_path_factory.mktemp("own"))


def test_the_library_comes_first(webkit, mcp_answers):
    root, db = webkit
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db), "--root", str(root)]
    r = mcp_answers(args, {
        "bare": ("find_definition", {"name": "get"}),
        "refs": ("find_references", {"name": "webkit.routing.Router.add_route"}),
        "describe": ("describe_symbol", {"name": "webkit.routing.Router"}),
    })
    assert not any(is_error for is_error, _text in r.values()), r
    bare, refs, describe = (json.loads(r[k][1]) for k in ("bare", "refs", "describe"))
    assert [(m["name"], m["at"].split("/", 1)[0]) for m in bare["matches"]] == [
        ("webkit.applications.App.get", "webkit"), ("webkit.routing.Router.get", "webkit"),
        ("tutorial001.get", "docs_src"), ("tutorial002.get", "docs_src"), ("test_routing.get", "tests")]
    assert [c["path"] for c in refs["references"]] == [
        "webkit/applications.py", "webkit/routing.py", "docs_src/first_steps/tutorial001.py",
        "docs_src/first_steps/tutorial002.py", "examples/ping.py", "tests/test_routing.py"]
    (router,) = describe["symbols"]
    assert router["doc"] == ("Groups path operations, for example to structure an app in several files.\n\n"
                             "It is then included in the app, or in another router.")
