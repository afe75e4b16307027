"""The identifier parts the lexical index holds beside each chunk (lode.store.tokens)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from lode.store.tokens import breadcrumb_labels, idents_for

SOURCE = Path(__file__).parent / "projects" / "webapp" / "router" / "mux.go"


def test_parts_of_compound_identifiers_once_each_in_first_seen_order():
    text = "func (s *Store) reclaimVectors(ctx context.Context) { s.freeList = nil; srv := HTTPServer{}; reclaimVectors() }"
    assert idents_for(text) == "reclaim vectors free list http server"
    assert idents_for("x y z") == ""
    assert breadcrumb_labels("middleware/basic_auth.go › func BasicAuth(realm string)") == \
        "middleware/basic_auth.go › func BasicAuth(realm string)\nbasic auth"


def test_the_same_text_gives_the_same_parts_under_every_hash_seed():
    code = ("import sys; from lode.store.tokens import idents_for; "
            "sys.stdout.write(idents_for(open(sys.argv[1]).read()))")
    outs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        outs.add(subprocess.run([sys.executable, "-c", code, str(SOURCE)], env=env, check=True,
                                capture_output=True, text=True).stdout)
    assert len(outs) == 1 and len(next(iter(outs)).split()) > 10


def test_the_indexer_splits_every_word_as_identifier_parts_does():
    """The indexer's word cache decides simple words by ASCII case tests before any
    regex; it must keep agreeing with identifier_parts, which queries use."""
    from lode.store.tokens import _NOT_WORD, _TokenParts, identifier_parts

    words = set((SOURCE.read_bytes() + b" " + Path(__file__).read_bytes()).translate(_NOT_WORD).split())
    words |= {b"int64", b"EOF", b"Reader", b"utf8Decode", b"a1b", b"ABc", b"AbC", b"x1f", b"0x1F", b"_",
              b"__init__", b"HTTP2", b"A1a", b"sha256Sum", b"a_1", b"123", b"_1", b"ServeHTTP", b"aB"}
    cache = _TokenParts()
    for word in words:
        ident = word.decode().lstrip("0123456789")
        want = identifier_parts(ident) if ident else []
        assert cache[word] == (tuple(want) if len(want) > 1 else ()), word
