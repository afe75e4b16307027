"""The chunker's definitions query is the tags query less its doc-comment captures
(`(comment)* @doc .` and the predicates on @doc, which the chunker never reads): it must
find the same definitions, with the same names and patterns, as the tags query whole."""

from __future__ import annotations

from pathlib import Path

import pytest
import tree_sitter

from lode.languages import language_for_path
from lode.languages.treesitter import grammar_for

ROOTS = [Path(__file__).parent / "fixtures", Path(__file__).parent.parent / "corpora"]
# the languages whose upstream tags queries capture the comments above a definition
LANGUAGES = ("go", "javascript", "typescript", "tsx", "ruby", "ocaml", "ocaml_interface")


def _files(name: str) -> list[Path]:
    found = []
    for root in ROOTS:
        for path in sorted(root.rglob("*")):
            spec = language_for_path(str(path)) if path.is_file() else None
            if spec is not None and spec.name == name:
                found.append(path)
    return found


def _whole_tags_definitions(grammar) -> tree_sitter.Query:
    """The tags query as written, its definition patterns only (as lode ran it before)."""
    source = grammar.tags_source
    query = tree_sitter.Query(grammar.language, source)
    for i in range(query.pattern_count):
        if b"@definition." not in source.encode()[query.start_byte_for_pattern(i):query.end_byte_for_pattern(i)]:
            query.disable_pattern(i)
    return query


def _found(grammar, query, root) -> list[tuple]:
    saved = grammar.__dict__.get("definitions_query")
    grammar.__dict__["definitions_query"] = query
    try:
        return [(d.kind, d.node.start_byte, d.node.end_byte, d.node.type, d.pattern,
                 None if d.name is None else (d.name.start_byte, d.name.end_byte))
                for d in grammar.definitions(root)]
    finally:
        grammar.__dict__["definitions_query"] = saved


@pytest.mark.parametrize("name", LANGUAGES)
def test_definitions_query_drops_doc_captures_and_finds_the_same(name):
    files = _files(name)
    assert files, f"no {name} files among the fixtures"
    grammar = grammar_for(language_for_path(str(files[0])))
    query = grammar.definitions_query
    assert "@doc" in grammar.tags_source
    assert "doc" not in [query.capture_name(i) for i in range(query.capture_count)]
    whole = _whole_tags_definitions(grammar)
    assert query.pattern_count == whole.pattern_count
    total = 0
    for path in files:
        tree = grammar.parse(path.read_bytes())
        mine = _found(grammar, query, tree.root_node)
        assert mine == _found(grammar, whole, tree.root_node), path
        total += len(mine)
    assert total > 0
