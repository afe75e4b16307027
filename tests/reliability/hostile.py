"""A hostile repository, built on disk: every kind of entry that once stopped an index,
leaked a file from outside the workspace or blocked a read — next to ordinary files that
must come through unharmed.

:func:`build` returns a :class:`Hostile` naming what was made and what is expected of
each entry: indexed (searchable by a word it holds) or listed as refused with a reason
word, and never read (the outside secret).
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

SECRET = "exfiltrated_secret_token_7f3a"


@dataclass
class Hostile:
    root: Path
    outside: Path
    #: relative path (walk spelling, str) → a word only that file holds
    indexed: dict[str, str] = field(default_factory=dict)
    #: relative path → a word the refusal reason contains
    refused: dict[str, str] = field(default_factory=dict)
    sockets: list[socket.socket] = field(default_factory=list)

    def close(self) -> None:
        for s in self.sockets:
            s.close()


def _write(root: Path, rel: str | bytes, data: bytes) -> None:
    path = os.path.join(os.fsencode(root), rel if isinstance(rel, bytes) else os.fsencode(rel))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def build(base: Path, huge: bool = True, undecodable: bool = True) -> Hostile:
    """The repository under ``base``: ``huge`` adds a file over the 16 MiB limit,
    ``undecodable`` the names that are not UTF-8."""
    root, outside = base / "repo", base / "outside"
    root.mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.py").write_text(f"{SECRET} = 'the password'\n")
    (outside / "dir").mkdir()
    (outside / "dir" / "inner.py").write_text(f"def {SECRET}_dir():\n    pass\n")
    h = Hostile(root, outside)

    def ok(rel: str | bytes, data: bytes, word: str) -> None:
        _write(root, rel, data)
        h.indexed[os.fsdecode(rel) if isinstance(rel, bytes) else rel] = word

    # Ordinary files: must be indexed whatever happens around them.
    ok("src/good.py", b"def plain_good_function(a):\n    return a + 1\n", "plain_good_function")
    ok("docs/guide.md", b"# Guide\n\nThe ordinary_guide_words live here.\n", "ordinary_guide_words")
    # Names: not UTF-8, a newline, a tab, spaces, a leading dash, non-ASCII, very long.
    if undecodable:
        ok(b"src/latin1_\xe9t\xe9.py", b"def latin_one_named_function():\n    pass\n", "latin_one_named_function")
        ok(b"src/bad_\xff\xfe.md", b"# Bytes\n\nundecodable_name_words here\n", "undecodable_name_words")
    ok("src/new\nline.py", b"def newline_named_function():\n    pass\n", "newline_named_function")
    ok("src/tab\there.md", b"# Tab\n\ntab_named_words\n", "tab_named_words")
    ok("src/with space.py", b"def spaced_name_function():\n    pass\n", "spaced_name_function")
    ok("src/-dash.py", b"def dash_name_function():\n    pass\n", "dash_name_function")
    ok("src/ünïcødé_名前.py", b"def unicode_named_function():\n    pass\n", "unicode_named_function")
    ok("src/" + "l" * 240 + ".md", b"# Long\n\nlong_named_words\n", "long_named_words")
    # Contents: CRLF + BOM, minified, deep nesting, empty.
    ok("src/crlf_bom.py", b"\xef\xbb\xbfdef crlf_bom_function():\r\n    return 1\r\n", "crlf_bom_function")
    ok("web/min.js", b"var minified_marker_value=1;" + b"function f(a){return a+1};" * 5000,
       "minified_marker_value")
    ok("src/deep.py", b"deep_nesting_marker = " + b"(" * 3000 + b"1" + b")" * 3000 + b"\n",
       "deep_nesting_marker")
    ok("src/deep.js", b"var deep_array_marker = " + b"[" * 5000 + b"]" * 5000 + b";\n", "deep_array_marker")
    # 10,000 levels: past Python's recursion limit for anything walking a tree recursively.
    ok("src/deep.c", b"int deep_c_marker(int a){" + b"if(a){" * 10000 + b"a++;" + b"}" * 10000 + b"return a;}\n",
       "deep_c_marker")
    ok("src/deep.rs", b"fn deep_rust_marker() -> i32 { " + b"(" * 10000 + b"1" + b")" * 10000 + b" }\n",
       "deep_rust_marker")
    ok("src/deep_blocks.ts", b"function deepBlocksMarker(a) {" + b"{" * 10000 + b"}" * 10000 + b"}\n",
       "deepBlocksMarker")
    _write(root, "src/empty.py", b"")
    # Refused with a reason: binary, not UTF-8, too large.
    _write(root, "src/binary.py", b"\x00\x01\x02 def not_text(): pass\n")
    h.refused["src/binary.py"] = "binary"
    _write(root, "src/latin1_content.md", "caf\xe9 na\xefve\n".encode("latin-1"))
    h.refused["src/latin1_content.md"] = "UTF-8"
    # UTF-16 text (as Windows tools save it) is not binary: the reason says what it is.
    _write(root, "docs/notes_utf16.txt", "utf16 notes words\n".encode("utf-16"))
    h.refused["docs/notes_utf16.txt"] = "UTF-16"
    _write(root, "src/utf16_be.py", b"\xfe\xff" + "def f(): pass\n".encode("utf-16-be"))
    h.refused["src/utf16_be.py"] = "UTF-16"
    if huge:
        _write(root, "data/huge.txt", b"x" * (16 * 1024 * 1024 + 10))
        h.refused["data/huge.txt"] = "too large"
    # Entries never read: links out, dangling, loops, special files.
    os.symlink(outside / "secret.py", root / "src/leak.py")
    h.refused["src/leak.py"] = "outside"
    os.symlink("../../outside/secret.py", root / "src/relative_leak.py")
    h.refused["src/relative_leak.py"] = "outside"
    os.symlink(outside / "dir", root / "linked_dir")  # a directory symlink: not followed
    h.refused["linked_dir"] = "outside"
    os.symlink(".", root / "src/here")  # a directory loop: not followed either
    h.refused["src/here"] = "not followed"
    os.symlink("loop_d", root / "src/loop_c")
    os.symlink("loop_c", root / "src/loop_d")
    h.refused["src/loop_c"] = "loop"
    os.symlink("missing.py", root / "src/dangling.py")
    h.refused["src/dangling.py"] = "dangling"
    os.symlink("loop_a.py", root / "src/loop_b.py")
    os.symlink("loop_b.py", root / "src/loop_a.py")
    h.refused["src/loop_a.py"] = "loop"
    h.refused["src/loop_b.py"] = "loop"
    os.symlink("self.py", root / "src/self.py")
    h.refused["src/self.py"] = "loop"
    os.mkfifo(root / "src/pipe.md")
    h.refused["src/pipe.md"] = "FIFO"
    os.mkfifo(root / "src/pipe.py")
    h.refused["src/pipe.py"] = "FIFO"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(root / "src/sock.md"))
    h.sockets.append(sock)
    h.refused["src/sock.md"] = "socket"
    # A link that stays inside is read (under its own name).
    os.symlink("good.py", root / "src/inside_link.py")
    h.indexed["src/inside_link.py"] = "plain_good_function"
    return h
