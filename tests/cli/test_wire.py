"""lode.jsontext writes and reads JSON as the json package does with its defaults (the
command line's look-ups answered by a daemon use it: json's import, re behind it, was
most of their own instructions)."""

from __future__ import annotations

import json
import math

import pytest

from lode import jsontext as wire

VALUES = [
    {"hits": [{"path": "net/http/server.go", "line": 12, "score": 0.8125, "snippet": "func (srv *Server) Serve(l net.Listener) error {\n\t…"}],
     "timings_ms": {"total": 4.25}, "truncated": False, "note": None},
    {"name": "café/naïve.py:3", "emoji": "🦀", "sep": "\u2028\u2029", "lone": "\udc80x", "ctl": "\x00\x1f\"\\/"},
    [1, -0.0, 1e300, -1.5e-7, 2 ** 70, -(2 ** 63), True, False, None, [], {}, [[{}]]],
    "just a string\n", 7, 3.5, None, True,
    {"float": float("inf"), "neg": -float("inf")},
    {1: "int key", 2.5: "float key", True: "bool key", None: "none key"},
]


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("ascii_only", [True, False])
def test_dumps_writes_what_json_writes(value, ascii_only):
    assert wire.dumps(value, ensure_ascii=ascii_only) == json.dumps(value, ensure_ascii=ascii_only)


@pytest.mark.parametrize("value", VALUES)
def test_loads_reads_what_json_reads(value):
    text = json.dumps(value)
    for data in (text, text.encode(), (" \n" + text + "\r\n").encode()):
        assert repr(wire.loads(data)) == repr(json.loads(data))
    assert math.isnan(wire.loads(b'{"x": NaN}')["x"])


def test_unserializable_and_malformed_raise_as_json_does():
    with pytest.raises(TypeError):
        wire.dumps({"x": object()})
    for bad in (b"", b"   ", b"{", b'{"a": 1} {"b": 2}', b"[1,]", b"nan", b"\xff"):
        with pytest.raises(ValueError):
            json.loads(bad)
        with pytest.raises(ValueError):
            wire.loads(bad)
