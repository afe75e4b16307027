"""context.kind_ids: a node's kind id is in the ids of a set of node types exactly when
its type is one of them, for every node of a tree, ERROR and aliased nodes included
(type_of and call_type test kind ids instead of type strings)."""

from __future__ import annotations

import pytest

from lode.languages import language_named
from lode.languages.treesitter import grammar_for
from lode.symbols.context import kind_ids

SOURCES = {
    "go": b"package p\n\nfunc (s *S) F(x int) (T, error) { y := x.(T); return g(y)\n"
          b"var z = struct{ a int }{1}\ntype U[V any] []V\n",
    "python": b"class A(B):\n    def f(self, x: int) -> 'C':\n        return super().g(x) if x else (lambda: None)\n"
              b"def broken(:\n",
    "typescript": b"class A<T> extends B { f(x: T): C { return this.g(x)!; } }\nlet y = new A<number>(\n",
    "rust": b"impl<T> S<T> { fn f(&self) -> Self { Self::new(self.x?) } }\nfn g( {\n",
}


def _nodes(node):
    yield node
    for child in node.children:
        yield from _nodes(child)


@pytest.mark.parametrize("lang", sorted(SOURCES))
def test_kind_ids_answer_as_types_do(lang):
    spec = language_named(lang)
    tree = grammar_for(spec).parse(SOURCES[lang])
    nodes = list(_nodes(tree.root_node))
    seen = sorted({n.type for n in nodes})
    for names in [frozenset({t}) for t in seen] + [frozenset(seen[::2]), frozenset({"ERROR", "identifier"}),
                                                  frozenset({"no_such_type"})]:
        ids = kind_ids(spec, names)
        for n in nodes:
            assert (n.kind_id in ids) == (n.type in names), (lang, n.type, n.kind_id)


def test_samples_hold_error_nodes():
    trees = [grammar_for(language_named(lang)).parse(src) for lang, src in SOURCES.items()]
    assert any(n.type == "ERROR" for t in trees for n in _nodes(t.root_node))
