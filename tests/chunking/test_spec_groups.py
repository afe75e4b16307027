"""Go's const/var groups: most specs (`A = 0x26`, `B`) are read from their bytes, the
rest from the tree, and both readings give the same chunks."""

from __future__ import annotations

import re

import pytest

from lode.chunking import chunk_file
from lode.chunking import code
from partition import assert_partition

GROUPS = """package sys

// Address families, a table as zerrors files write them.
const (
\tAF_ALG    = 0x26
\tAF_INET   = 0x2
\tAF_UNSPEC = 0x0
)

// Modes, counted by iota.
const (
\tModeDir, ModeAppend = 1 << iota, 2
\tModeTemp            = 1<<iota
\tModeLink
\tmodeMask = ModeDir | ModeLink // a comment ends the line
)

// Mixed specs.
var (
\terrInval         = syscall.EINVAL
\tlimit    int     = 5
\tneg              = -1
\tcall             = uint32(0x10)
\tindex            = table[3]
\tname             = "a, b"
\traw              = `x`
\tdivided          = 8/2
\tpoint            = Point{1, 2}
\tspaced           = a +
\t\tb
\ttwo, three       = 2, 3
\tenoent  syscall.Errno = 0x2
\tbuf     []byte
\tlookup  map[string]int
\tnext    *Node = nil
)
"""

BROKEN = "package sys\n\nconst (\n\tA = 0x1\n\tB = )\n\tC = 0x3\n)\n"


def _embeds(text: str) -> list[tuple[str | None, str | None, str]]:
    chunks = chunk_file("sys/groups.go", text)
    assert_partition(text, chunks)
    return [(c.name, c.embed, c.breadcrumb) for c in chunks]


def test_group_embeds_list_every_spec_with_its_value():
    got = {name: embed for name, embed, _ in _embeds(GROUPS)}
    assert got["AF_ALG"].splitlines()[:3] == [
        "sys/groups.go › const AF_ALG = 0x26", "const AF_INET = 0x2", "const AF_UNSPEC = 0x0"]
    assert got["ModeDir"].splitlines()[1:4] == [
        "const ModeTemp = 1<<iota", "const ModeLink", "const modeMask = ModeDir|ModeLink"]
    lines = got["errInval"].splitlines()
    assert lines[:5] == ["sys/groups.go › var errInval = syscall.EINVAL", "var limit int = 5", "var neg = -1",
                         "var call = uint32(0x10)", "var index = table[3]"]
    assert 'var name = "a, b"' in lines and "var raw = `x`" in lines and "var divided = 8/2" in lines
    assert "var point Point = {1, 2}" in lines and "var spaced = a+b" in lines
    assert "var two, three = 2, 3" in lines
    assert lines[-5:-1] == ["var enoent syscall.Errno = 0x2", "var buf []byte", "var lookup map[string]int",
                            "var next *Node = nil"]


@pytest.mark.parametrize("text", [GROUPS, BROKEN])
def test_specs_read_from_bytes_match_the_tree(monkeypatch, text):
    fast = _embeds(text)
    monkeypatch.setattr(code, "_PLAIN_SPEC", re.compile(rb"(?!)(x)(y)"))  # never matches: all from the tree
    assert _embeds(text) == fast
