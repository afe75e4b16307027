"""The ranking stage's rules, each alone (no index)."""

from __future__ import annotations

from lode.search.ranking import Matcher, Scored, deepen, diversify, is_test_code, path_parts, words_meet


def test_words_meet_is_prefix_tolerant_but_not_loose():
    assert words_meet("authentication", "auth")
    assert words_meet("routing", "router")
    assert words_meet("logging", "logger")
    assert words_meet("handlers", "handler")
    assert not words_meet("context", "contact")
    assert not words_meet("use", "user")
    assert not words_meet("a", "api")


def test_matcher_shares_both_ways_and_joins_adjacent_words():
    m = Matcher(["group", "handler", "broadcast"])
    assert m.match(["group", "handler"]) == (2 / 3, 1.0)
    share, cover = m.match(["what", "failure", "group", "handler"])
    assert share == 2 / 3 and cover == 0.5
    assert Matcher(["url", "dispatcher"]).match(["web", "urldispatcher"]) == (1.0, 0.5)
    assert Matcher(["file", "system", "calls"]).match(["fs"])[1] == 1.0


def test_path_parts_split_stem_and_folders():
    stem, folders = path_parts("middleware/basic_auth.go")
    assert stem == ["basic", "auth"] and "middleware" in folders
    stem, _ = path_parts("aiohttp/web_urldispatcher.py")
    assert stem == ["web", "urldispatcher"]


def test_test_code_by_path_and_by_test_module():
    for p in ("tests/test_app.py", "pkg/app_test.go", "src/cart.test.ts", "spec/app_spec.rb",
              "src/test/java/FooTest.java", "__tests__/x.js"):
        assert is_test_code(p, None), p
    assert is_test_code("src/extract/path.rs", "tests.captures_dont_match")
    for p in ("src/testing_utils_not.py", "latest.go", "contest/app.py"):
        assert not is_test_code(p, None), p


def _s(cid, score, file_id, tier=0):
    return Scored(cid, score + tier, tier, 0.0, {"file_id": file_id, "path": f"f{file_id}", "byte_start": cid})


def test_diversify_lets_other_files_in_but_keeps_exact_definitions():
    ranked = diversify([_s(1, 1.0, 1), _s(2, 0.9, 1), _s(3, 0.8, 1), _s(4, 0.5, 2), _s(5, 0.4, 3)], 0.2)
    assert [s.id for s in ranked][:3] == [1, 4, 5]
    ranked = diversify([_s(1, 1.0, 1, tier=3), _s(2, 0.9, 1, tier=3), _s(4, 0.5, 2)], 0.2)
    assert [s.id for s in ranked][:2] == [1, 2]


def test_deepen_keeps_the_first_four_then_digs_into_their_files():
    # Files 1..4 lead; files 5..9 come next in the diversified order; file 1 has three
    # more chunks, file 2 one more.
    head = [_s(i, 2.0 - i / 10, i) for i in range(1, 5)]
    others = [_s(10 + i, 1.0 - i / 100, 4 + i) for i in range(1, 6)]
    more = [_s(20, 1.2, 1), _s(21, 1.1, 1), _s(22, 1.05, 1), _s(23, 0.5, 2)]
    ranked = [s.id for s in deepen(head + others + more)]
    assert ranked[:4] == [1, 2, 3, 4]
    # at most three chunks per file in the top nine: 20 and 21 join file 1, 22 waits
    assert ranked[4:7] == [20, 21, 23]
    assert ranked[7:9] == [11, 12] and set(ranked) == {s.id for s in head + others + more}


def test_auxiliary_code_by_folder():
    from lode.search.ranking import is_auxiliary

    for p in ("vendor/github.com/x/y.go", "_examples/rest/main.go", "docs/conf.py",
              "requests/packages/urllib3/response.py", "third_party/zlib/inflate.c"):
        assert is_auxiliary(p), p
    for p in ("packages/server/src/router.ts", "src/examples_util.py", "requests/models.py"):
        assert not is_auxiliary(p), p


def test_qualifiers_name_the_package_folder():
    from lode.search.ranking import qualifier_holds, qualifier_is_package

    assert qualifier_holds("http.handler", "handler", "net/http/server.go")
    assert not qualifier_holds("http.handler", "handler", "expvar/expvar.go")
    assert qualifier_holds("server.handler.servehttp", "handler.servehttp", "server/http.go")
    assert qualifier_holds("mux.servehttp", "mux.servehttp", "anywhere.go")
    assert qualifier_is_package("http.handler", "Handler", "net/http/server.go")
    assert not qualifier_is_package("http.handler", "Handler", "net/http/pprof/pprof.go")
    assert qualifier_is_package("models.user", "User", "app/models.py")


def test_a_prototype_in_a_sibling_header_is_the_declaration():
    from lode.search.ranking import _declarations

    def row(path, name, start, end, kind="function"):
        return {"path": path, "name": name, "kind": kind, "byte_start": start, "byte_end": end}

    rows = {
        1: row("src/idna.h", "uv__idna_toascii", 900, 980),       # the prototype
        2: row("src/idna.c", "uv__idna_toascii", 8000, 9800),     # the definition
        3: row("src/win/idna.c", "uv__idna_toascii", 100, 2000),  # another folder: not a twin
        4: row("src/idna.h", "UV_IDNA_H", 0, 40, kind="macro"),
        5: row("lib/types.d.ts", "Router", 0, 120, kind="interface"),
        6: row("lib/types.ts", "Router", 0, 3000, kind="interface"),
        7: row("src/idna.c", "uv__idna_toascii", 9800, 9900),     # a fragment in the same file
    }
    assert _declarations(rows) == {1, 5}
