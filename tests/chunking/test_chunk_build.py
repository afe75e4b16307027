"""The code chunker makes a file's Chunks a field at a time (records.chunks_from_rows):
the objects must be those the constructor makes."""

import pickle
from dataclasses import dataclass

import pytest

from lode import records
from lode.records import Chunk, chunks_from_rows

ROWS = [("a.go", 0, 12, 1, 1, "header", None, "a.go › package a", None, "code-go@1"),
        ("a.go", 14, 40, 3, 5, "function", "F", "a.go › func F()", "a.go › func F()\ndoc", "code-go@1")]


def test_fast_path_in_use():
    assert records._CHUNK_SETTERS is not None  # Chunk still sets only its fields: the fast path applies


def test_same_objects_as_the_constructor():
    made, expected = chunks_from_rows(ROWS), [Chunk(*r) for r in ROWS]
    assert made == expected
    assert [hash(c) for c in made] == [hash(c) for c in expected]
    assert [c.to_dict() for c in made] == [c.to_dict() for c in expected]
    assert pickle.loads(pickle.dumps(made)) == expected
    assert chunks_from_rows([]) == []


def test_a_short_row_is_refused_as_the_constructor_refuses_it():
    with pytest.raises(TypeError):
        chunks_from_rows([ROWS[0], ROWS[1][:-1]])


def test_other_dataclasses_take_the_constructor():
    @dataclass(frozen=True, slots=True)
    class WithDefault:
        a: int
        b: int = 2

    @dataclass(frozen=True)
    class NoSlots:
        a: int

    assert records._slot_setters(WithDefault) is None
    assert records._slot_setters(NoSlots) is None
