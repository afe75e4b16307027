"""Python: a function's parameters and the names it assigns are its own. `def f(url):
url.build()` beside a top-level `def url()` uses the parameter, not the module's `url`
(nor `url.build`); a parameter named as an import hides the import; a `global` name is
the module's after all. Annotated parameters still name their type's members."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE

SESSION = '''\
import json
from typing import Any

from .builders import URLBuilder

_cache: dict | None = None


def url(path: str) -> URLBuilder:
    return URLBuilder(path)


def headers() -> dict[str, str]:
    return {"accept": "application/json"}


def fetch(url: URLBuilder, headers, timeout: float = 5.0) -> Any:
    request = url.build()
    merged = headers.copy()
    return send(request, merged, timeout)


def decode(json: json.JSONDecoder = json.JSONDecoder(), body: bytes = b"") -> Any:
    return json.loads(body)


def cached() -> dict:
    global _cache
    if _cache is None:
        _cache = load()
    return _cache


def retry(attempts):
    for headers in attempts:
        headers.clear()
    if attempts:
        url = attempts[0]
        return url.rstrip("/")
    return None


def send(request, merged, timeout):
    return json.dumps(merged, default=url)


def load() -> dict:
    return {}
'''


def extract(tmp_path, path: str, text: str):
    """The symbols of ``text`` saved as ``path`` of a small package ``client`` whose
    ``builders`` module has ``URLBuilder.build``."""
    pkg = tmp_path / "client"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "builders.py").write_text("class URLBuilder:\n    def build(self) -> str:\n        return ''\n")
    (tmp_path / path).write_text(text)
    return extract_symbols(path, text, None, language_for_path(path), Layout(tmp_path), every=True).symbols


def references(tmp_path, path: str = "client/session.py", text: str = SESSION) -> set[tuple[str, int]]:
    """(name, line) of every reference in ``text`` saved as ``path`` (see extract)."""
    return {(s.name, s.line) for s in extract(tmp_path, path, text) if s.kind == REFERENCE}


def test_parameters_and_locals_hide_top_level_names(tmp_path):
    refs = references(tmp_path)
    names = {name for name, _ in refs}
    # the parameter `url: URLBuilder` names its type's member, never the function url
    assert ("client.builders.URLBuilder.build", 18) in refs
    assert not {name for name in names if name.startswith("client.session.url.")}
    # an untyped parameter and a loop variable named as a top-level function
    assert not {name for name in names if name.startswith("client.session.headers")}
    # a parameter named as an import; the import itself, used elsewhere
    assert ("json.loads", 24) not in refs
    assert ("json.dumps", 44) in refs
    # a parameter's annotation and default are read outside the function: the import
    assert ("json.JSONDecoder", 23) in refs
    # the function `url` used as a value outside the functions that hide it
    assert {line for name, line in refs if name == "client.session.url"} == {44}
    # `global _cache`: the module's variable
    assert ("client.session._cache", 31) in refs


ROUTES = '''\
import json
import re

from .builders import URLBuilder


def url(path: str) -> URLBuilder:
    return URLBuilder(path)


def build_all(urls: list) -> list:
    return [url.build() for url in urls]


SORTED = sorted(["b", "a"], key=lambda url: url.lower())


def load(paths, strict=False):
    for path in paths:
        if path.endswith(".json"):
            try:
                with open(path) as json:
                    json.seek(0)
            except OSError as re:
                re.add_note(path)
            if strict:
                for name in path.split("/"):
                    if name:
                        url = URLBuilder(name)
                        url.build()
    return json.loads(re.escape(url("/").build()))


class Router:
    pattern = re.compile(r"/(?P<name>\\w+)")
'''


def test_lambda_comprehension_with_except_and_nested_locals(tmp_path):
    refs = references(tmp_path, "client/routes.py", ROUTES)
    # a comprehension's variable and a lambda's parameter named as the function url
    assert not {line for name, line in refs if name.startswith("client.routes.url.")}
    assert ("client.routes.url", 12) not in refs and ("client.routes.url", 15) not in refs
    # `with ... as json`, `except ... as re`: the function's names, not the imports
    assert ("json.seek", 23) not in refs
    assert ("re.add_note", 25) not in refs
    # an assignment five blocks deep names a local of the whole function (json, re
    # and url are load's own in its return too, as Python reads it); the local's class
    # member is still known
    assert ("client.builders.URLBuilder.build", 30) in refs
    assert not {(name, line) for name, line in refs if line == 31 and not name.startswith("client.builders")}
    # outside load: the import
    assert ("re.compile", 35) in refs


def test_a_name_hidden_in_many_functions_of_a_generated_module(tmp_path):
    """A generated module (a protocol table, a test matrix) gives one parameter name a
    scope in each of hundreds of functions: each use is looked up through a sorted index
    of those scopes (context.SCAN_BELOW), and must answer as a scan of them does."""
    from lode.symbols.context import SCAN_BELOW

    count = 20 * SCAN_BELOW
    handlers = "".join(f"def handle_{i}(url, body):\n    return url.build(body, {i})\n\n\n"
                       for i in range(count))
    text = (f"from .builders import URLBuilder\n\n\ndef url(path: str) -> URLBuilder:\n"
            f"    return URLBuilder(path)\n\n\n{handlers}"
            "DEFAULT = url('/').build()\n")
    refs = references(tmp_path, "client/handlers.py", text)
    last = text.count("\n")
    # inside every handler `url` is the parameter: no use of the module's function
    assert {line for name, line in refs if name.startswith("client.handlers.url")} == {last}
    # after them, at module level, the function itself and its result's member
    assert ("client.handlers.url", last) in refs
    assert ("client.builders.URLBuilder.build", last) in refs


RENDER = '''\
import json

from . import builders
from .builders import URLBuilder

builder = URLBuilder()


def render(builders: URLBuilder, json, retries: int = 3) -> str:
    page = builders.build()
    return json.dumps(page)


def flush(builder):
    return builder.build()


def default() -> str:
    return builder.build() + builders.URLBuilder().build()


def rebuild() -> str:
    builders = URLBuilder()
    return builders.build()
'''


def test_a_parameter_named_as_an_import_or_a_module_variable_names_its_own_type(tmp_path):
    refs = references(tmp_path, "client/render.py", RENDER)
    # `builders: URLBuilder` hides the imported module builders: its type's member
    assert ("client.builders.URLBuilder.build", 10) in refs
    assert not {name for name, line in refs if line == 10 and name != "client.builders.URLBuilder.build"}
    # an untyped parameter named as an import: nothing
    assert not {name for name, line in refs if line == 11}
    # an untyped parameter named as a module variable of a known type: nothing
    assert not {name for name, line in refs if line == 15}
    # outside them, the module variable's type and the imported module
    assert ("client.builders.URLBuilder.build", 19) in refs
    assert ("client.builders.URLBuilder", 19) in refs
    # a local named as the import, built by a class of known type: that type's member
    assert {name for name, line in refs if line == 24} == {"client.builders.URLBuilder.build"}


ENDPOINT = '''\
import sys

from .builders import URLBuilder


class Endpoint:
    if sys.version_info >= (3, 11):
        builder = URLBuilder()
    else:
        builder = None
    try:
        fallback = URLBuilder()
    except ImportError:
        fallback = None
    default = URLBuilder()

    def url(self) -> str:
        return self.builder.build() + self.fallback.build() + self.default.build()


def build() -> str:
    return builder.build() + default.build()
'''


def test_assignments_in_a_class_body_are_its_attributes_at_any_depth(tmp_path):
    # a class attribute set in an `if`/`try` of the class body is the class's, typed as
    # its field; none of them is a module variable a function could use
    found = extract(tmp_path, "client/endpoint.py", ENDPOINT)
    defs = {(s.name, s.line) for s in found if s.kind != REFERENCE}
    assert {("client.endpoint.Endpoint.builder", 8), ("client.endpoint.Endpoint.fallback", 12),
            ("client.endpoint.Endpoint.default", 15)} <= defs
    refs = {(s.name, s.line) for s in found if s.kind == REFERENCE}
    assert {name for name, line in refs if line == 18 and name.endswith(".build")} == {
        "client.builders.URLBuilder.build"}
    assert {line for name, line in refs if name == "client.builders.URLBuilder.build"} == {18}
    assert not {name for name, line in refs if line == 22}


RETRY = '''\
import functools

from .builders import URLBuilder


def with_retries(attempts: int):
    builder = URLBuilder()

    def decorate(func):
        @functools.wraps(func)
        def wrapper(builder, *args):
            for _ in range(attempts):
                url = builder.build()
                if url:
                    return func(url, *args)
            return None
        return wrapper

    first = builder.build()
    return decorate, first, (lambda builder: builder.build())
'''


def test_an_inner_function_parameter_does_not_take_an_outer_local_type(tmp_path):
    # wrapper's own `builder` is a parameter of unknown type: the outer URLBuilder
    # local stays outside it, and in a lambda naming its parameter alike
    refs = references(tmp_path, "client/retry.py", RETRY)
    assert ("client.builders.URLBuilder.build", 19) in refs
    assert not {name for name, line in refs if line == 13}
    assert not {name for name, line in refs if line == 20 and name.endswith(".build")}
