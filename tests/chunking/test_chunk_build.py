"""The code chunker makes a file's Chunks a field at a time (code._make_chunks): the
objects must be those the constructor makes."""

import pickle
from dataclasses import dataclass

from lode.chunking import code
from lode.records import Chunk

ROWS = [("a.go", 0, 12, 1, 1, "header", None, "a.go › package a", None, "code-go@1"),
        ("a.go", 14, 40, 3, 5, "function", "F", "a.go › func F()", "a.go › func F()\ndoc", "code-go@1")]


def test_fast_path_in_use():
    assert code._CHUNK_SETTERS is not None  # Chunk still sets only its fields: the fast path applies


def test_same_objects_as_the_constructor():
    made, expected = code._make_chunks(ROWS), [Chunk(*r) for r in ROWS]
    assert made == expected
    assert [hash(c) for c in made] == [hash(c) for c in expected]
    assert [c.to_dict() for c in made] == [c.to_dict() for c in expected]
    assert pickle.loads(pickle.dumps(made)) == expected
    assert code._make_chunks([]) == []


def test_other_dataclasses_take_the_constructor():
    @dataclass(frozen=True, slots=True)
    class WithDefault:
        a: int
        b: int = 2

    @dataclass(frozen=True)
    class NoSlots:
        a: int

    assert code._slot_setters(WithDefault) is None
    assert code._slot_setters(NoSlots) is None
