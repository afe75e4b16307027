"""Symbol extraction decides what a match is once per pattern (extraction._roles), from
the captures the pattern always holds. These tests hold that decision against every
match of every language's symbol query over the fixture corpora: a pattern given a
role must give each match exactly the capture names that role was read from."""

from __future__ import annotations

from pathlib import Path

import pytest

from lode.languages import language_for_path
from lode.languages.treesitter import grammar_for
from lode.symbols.extraction import _compiled, _role
from lode.symbols.rules import rules_for

CORPORA = Path(__file__).resolve().parent.parent / "corpora"


def _files_by_language() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for f in sorted(CORPORA.rglob("*")):
        spec = language_for_path(f.name) if f.is_file() else None
        if spec is not None and rules_for(spec) is not None:
            found.setdefault(spec.name, []).append(f)
    return found


FILES = _files_by_language()


@pytest.mark.parametrize("lang", sorted(FILES))
def test_each_match_has_its_patterns_role(lang):
    spec = language_for_path(FILES[lang][0].name)
    grammar = grammar_for(spec)
    query, roles = _compiled(spec, rules_for(spec))
    checked = 0
    for f in FILES[lang]:
        tree = grammar.parse(f.read_bytes())
        for pattern, caps in grammar.matches(query, tree.root_node):
            role = roles[pattern]
            if role is None:
                continue  # read from each match's own captures, as before
            assert _role(set(caps)) == role, (f.name, pattern, sorted(caps))
            checked += 1
    assert checked, f"no {lang} match was checked"


def test_optional_captures_are_read_per_match():
    # Kotlin's query has a pattern with an optional capture: its matches do not all hold
    # the same names, so it gets no role
    from lode.languages import language_named

    spec = language_named("kotlin")
    query, roles = _compiled(spec, rules_for(spec))
    optional = [p for p in range(query.pattern_count) if roles[p] is None]
    assert optional
    for p in optional:
        quantifiers = []
        for i in range(query.capture_count):
            try:
                quantifiers.append(query.capture_quantifier(p, i))
            except SystemError:
                continue
        assert any(q != "" for q in quantifiers)


def test_go_one_node_references_and_definitions_get_roles():
    from lode.languages import language_named
    from lode.symbols.extraction import _BASE_MEMBER, _DEFINITION, _ONE_REF

    spec = language_named("go")
    _query, roles = _compiled(spec, rules_for(spec))
    kinds = {r[0] for r in roles if r is not None}
    assert {_ONE_REF, _BASE_MEMBER, _DEFINITION} <= kinds
