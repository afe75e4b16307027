"""Known-answer lexical search on a realistic project per language, code-aware tokens,
filters, hit shape, and safety against any input."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lode.errors import InvalidParams, RankRequired
from lode.search.query import fts_expression, parse

# (project, query, expected top hit: (path, name or None))
KNOWN = [
    ("go", "reclaimVectors", ("store/reclaim.go", "Store.reclaimVectors")),
    ("go", "vectors", None),  # checked below: finds reclaimVectors by its part
    ("go", "serve http", ("server/http.go", "Handler.ServeHTTP")),
    ("go", "ServeHTTP", ("server/http.go", "Handler.ServeHTTP")),
    ("go", "Handler.ServeHTTP", ("server/http.go", "Handler.ServeHTTP")),
    ("go", "NewHandler", ("server/http.go", "NewHandler")),
    ("go", "ErrClosed", ("store/reclaim.go", "ErrClosed")),
    ("go", "hot backups", ("docs/operations.md", None)),
    ("python", "InvalidParams", ("rpcd/errors.py", "InvalidParams")),
    ("python", '"-32602"', ("rpcd/errors.py", "InvalidParams")),
    ("python", "dispatch request", ("rpcd/server.py", "Dispatcher")),
    ("python", "dispatch_request", ("rpcd/server.py", "Dispatcher")),
    ("rust", "total_area", ("src/geometry.rs", "total_area")),
    ("rust", "Circle", ("src/geometry.rs", "Circle")),
    ("typescript", "addItem", ("src/cart.ts", "ShoppingCart")),
    ("typescript", "formatPrice", ("src/price.ts", "formatPrice")),
    ("typescript", "shopping cart", ("src/cart.ts", "ShoppingCart")),
    ("javascript", "debounce", ("lib/debounce.js", "debounce")),
    ("javascript", "throttle", ("lib/debounce.js", "throttle")),
    ("zig", "RingBuffer", ("src/ring_buffer.zig", "RingBuffer")),
    ("zig", "ring buffer push", ("src/ring_buffer.zig", None)),
]


@pytest.fixture
def indexed(service, project):
    done = {}

    def get(name):
        if name not in done:
            root = project(name)
            run = service.index(str(root), embed=False)  # lexical behaviour; semantic: tests/search
            assert run["refused"] == 0, service.status(name)["workspaces"][0]["refused"]
            done[name] = name
        return name

    return get


@pytest.mark.parametrize("name,query,expected", KNOWN, ids=[f"{p}:{q}" for p, q, _ in KNOWN])
def test_known_answers(service, indexed, name, query, expected):
    ws = indexed(name)
    result = service.search(query, ws)
    hits = result["hits"]
    assert hits, f"no hit for {query!r}"
    if expected is None:
        return
    path, chunk_name = expected
    top = hits[0]
    assert top["path"] == path, [(h["path"], h["name"]) for h in hits[:5]]
    if chunk_name is not None:
        assert chunk_name in (top["name"] or ""), [(h["path"], h["name"]) for h in hits[:5]]


def test_identifier_part_finds_identifier(service, indexed):
    ws = indexed("go")
    names = [h["name"] for h in service.search("vectors", ws)["hits"]]
    assert "Store.reclaimVectors" in names


def test_exact_identifier_ranks_definition_above_uses(service, indexed):
    ws = indexed("go")
    hits = service.search("ServeHTTP", ws)["hits"]
    assert hits[0]["name"] == "Handler.ServeHTTP"
    assert "server/routes.go" in [h["path"] for h in hits[1:]]  # the mention is found too


def test_substring_and_punctuation_queries(service, indexed):
    ws = indexed("go")
    sub = service.search("claimVec", ws)
    assert sub["strategy"] == "substring" and sub["hits"][0]["name"] == "Store.reclaimVectors"
    arrow = service.search(":=", ws)
    assert arrow["hits"] and all(":=" in h["snippet"] or h["path"].endswith(".go") for h in arrow["hits"])


def test_hit_shape(service, indexed):
    ws = indexed("go")
    result = service.search("sweep", ws)
    assert result["mode_used"] == "lexical"
    assert set(result["timings_ms"]) >= {"lexical", "total"}
    assert result["semantic"]["available"] is False
    hit = result["hits"][0]
    for key, kind in (("path", str), ("breadcrumb", str), ("snippet", str), ("kind", str),
                      ("byte_start", int), ("byte_end", int), ("line_start", int), ("line_end", int),
                      ("score", float), ("relevance", float), ("via", list), ("hold", str),
                      ("generation", int)):
        assert isinstance(hit[key], kind), key
    assert 0.0 <= hit["relevance"] <= 1.0 and hit["via"] == ["lexical"] and hit["hold"] == ""
    assert "sweep" in hit["snippet"]
    text = (service.store.workspace(ws).root + "/" + hit["path"])
    data = open(text, "rb").read()
    assert b"sweep" in data[hit["byte_start"]:hit["byte_end"]]


def test_filters(service, indexed):
    ws = indexed("go")
    assert {h["path"] for h in service.search("handler", ws, paths=["server"])["hits"]} <= \
        {"server/http.go", "server/routes.go"}
    assert all(h["path"].endswith(".md") for h in service.search("vectors", ws, tags_any=["prose"])["hits"])
    assert all(h["path"].endswith(".go") for h in service.search("vectors", ws, languages=["go"])["hits"])
    assert all(h["kind"] == "method" for h in service.search("store", ws, kinds=["method"])["hits"])
    globbed = service.search("handler", ws, path_globs=["**/*.go", "!server/routes.go"])["hits"]
    assert globbed and "server/routes.go" not in {h["path"] for h in globbed}
    assert len(service.search("store", ws, limit=2)["hits"]) == 2


def test_bad_options_are_clear_errors(service, indexed):
    ws = indexed("go")
    for kwargs in ({"limit": 0}, {"limit": "5"}, {"tags_any": ["binary"]}, {"mode": "psychic"},
                   {"bogus": 1}, {"paths": "server"} if False else {"paths": [3]}):
        with pytest.raises(InvalidParams) as err:
            service.search("handler", ws, **kwargs)
        assert err.value.rpc_code == -32602
    with pytest.raises(InvalidParams):
        service.search("   ", ws)
    with pytest.raises(RankRequired) as err:
        service.search("handler", ws, rerank=True)
    assert err.value.rpc_code == -32070


def test_a_language_the_index_does_not_hold_is_named_not_silently_empty(service, indexed):
    # A misspelt kind was already refused with the kinds known; a misspelt language
    # ('py' for python) gave "no match", as if the words were not there.
    ws = indexed("go")
    assert service.search("vectors", ws, languages=["Go"])["hits"]  # case does not matter
    for language in ("golang", "py"):
        with pytest.raises(InvalidParams) as err:
            service.search("vectors", ws, languages=[language])
        assert err.value.rpc_code == -32602 and repr(language) in err.value.message
        assert "go" in err.value.data["languages"]
    # A known language with no hit for these words is a plain empty answer.
    assert service.search("vectors", ws, languages=["markdown"], kinds=["function"])["hits"] == []


NASTY = ['"', '""', "'", "*", "NEAR(a b)", "a OR", "AND", "NOT x", "{body}: x", "^x", "x:y",
         "-", "(((", "col:*", '"unterminated', "\\", "%", "_", "😀", "\x00", "a\u200bb",
         "SELECT * FROM chunks;--", "body : reclaim", "reclaim*", "+-+"]


@pytest.mark.parametrize("query", NASTY)
def test_no_fts_syntax_error_reaches_the_user(service, indexed, query):
    ws = indexed("go")
    try:
        result = service.search(query, ws)
    except InvalidParams:
        assert not query.strip()
        return
    assert isinstance(result["hits"], list)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(min_size=1, max_size=40))
def test_any_text_is_safe(service, indexed, text):
    ws = indexed("go")
    if not text.strip():
        return
    service.search(text, ws)


def test_query_parsing_without_an_index():
    q = parse('Handler.ServeHTTP "-32602" reclaim_vectors')
    assert [t.word for t in q.terms] == ["Handler", "ServeHTTP", "reclaim_vectors"]
    assert q.terms[1].parts == ("serve", "http") and q.terms[2].parts == ("reclaim", "vectors")
    assert q.phrases[0].words == ("32602",) and q.dotted == ("handler.servehttp",)
    expr = fts_expression(q)
    assert expr.count('"') % 2 == 0
    assert parse("ServeHTTP").identifier == "servehttp"
    assert parse("->").empty
