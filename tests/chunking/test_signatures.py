"""A breadcrumb shows a definition's signature as a person writes it on one line, however
a formatter broke it over lines (`f(⏎    x int,⏎)` reads `f(x int)`)."""

from __future__ import annotations

import pytest

from lode.chunking import chunk_file
from partition import assert_partition

CASES = [
    ("store/open.go",
     "package store\n\n// Open opens a file.\nfunc Open(\n\tname string,\n\tflag int,\n) (*File, error) {\n"
     "\treturn nil, nil\n}\n\ntype Pair[\n\tK comparable,\n\tV any,\n] struct {\n\tk K\n}\n\n"
     "func (s *Server) Handle(ctx context.Context, req *Request,\n\topts ...Option) error {\n\treturn nil\n}\n",
     ["func Open(name string, flag int) (*File, error)", "type Pair[K comparable, V any] struct",
      "func (s *Server) Handle(ctx context.Context, req *Request, opts ...Option) error"]),
    ("store/open.py",
     'def open(\n    name: str,\n    flag: int = 0,\n) -> "File":\n    return None\n\n\n'
     "class Store(\n    Base,\n    metaclass=Meta,\n):\n    pass\n",
     ['def open(name: str, flag: int = 0) -> "File"', "class Store(Base, metaclass=Meta)"]),
    ("store/open.rs",
     "fn open<\n    T: Read,\n>(\n    name: &str,\n    flag: i32,\n) -> Result<File, Error>\nwhere\n"
     "    T: Clone,\n{\n    todo!()\n}\n",
     ["fn open<T: Read>(name: &str, flag: i32) -> Result<File, Error> where T: Clone"]),
    ("store/open.ts",
     "export function open(\n  name: string,\n  flag: number,\n): File {\n  return f;\n}\n",
     ["export function open(name: string, flag: number): File"]),
]


@pytest.mark.parametrize("path,text,labels", CASES, ids=[c[0] for c in CASES])
def test_a_signature_over_several_lines_reads_as_one_line(path, text, labels):
    chunks = chunk_file(path, text)
    assert_partition(text, chunks)
    got = [c.breadcrumb for c in chunks if c.kind not in ("header", "gap")]
    assert got == [f"{path} › {label}" for label in labels]
    for c in chunks:  # the embed surface starts with the breadcrumb
        assert c.embed is None or c.embed.startswith(c.breadcrumb)


def test_a_go_spec_with_several_names_lists_only_the_names():
    text = "package p\n\n// Modes of a file.\nconst (\n\tModeDir, ModeAppend = 1 << iota, 2\n\tModeTemp, ModeLink\n)\n"
    (group,) = [c for c in chunk_file("p/modes.go", text) if c.kind == "const"]
    assert group.breadcrumb == "p/modes.go › const (ModeDir, ModeAppend, ModeTemp, ModeLink)"
    assert group.embed.splitlines() == ["p/modes.go › const ModeDir, ModeAppend = 1<<iota, 2",
                                        "const ModeTemp, ModeLink", "Modes of a file."]
