"""The JSON-RPC layers without a socket: envelope, method table binding, line framing,
doc.read windows."""

from __future__ import annotations

import asyncio

import pytest

from lode.errors import InvalidParams, RankRequired
from lode.workspace import documents
from lode.rpc.methods import REQUIRED, MethodTable
from lode.rpc.protocol import (Invalid, InvalidRequest, MethodNotFound, ParseError, decode,
                               encode_error, error_object, frame)
from lode.rpc.server import TOO_LARGE, read_lines


def test_decode_single_and_batch():
    (req,), batch = decode(b'{"jsonrpc":"2.0","id":7,"method":"a.b","params":[1]}')
    assert not batch and req.method == "a.b" and req.params == [1] and req.id == 7
    reqs, batch = decode('[{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":"x","method":"m"}]')
    assert batch and reqs[0].is_notification and reqs[1].id == "x"


@pytest.mark.parametrize("line", [b"{", b"nul", b'{"a":', b"\xff\xfe"])
def test_decode_parse_error(line):
    with pytest.raises(ParseError) as info:
        decode(line)
    assert error_object(info.value)["code"] == -32700


@pytest.mark.parametrize("message", [
    '{"jsonrpc":"1.0","id":1,"method":"x"}', '{"jsonrpc":"2.0","id":1}',
    '{"jsonrpc":"2.0","id":1,"method":5}', '{"jsonrpc":"2.0","id":1,"method":"x","params":3}',
    '{"jsonrpc":"2.0","id":true,"method":"x"}', '5', '"str"',
])
def test_decode_invalid_request(message):
    (item,), _ = decode(message)
    assert isinstance(item, Invalid)
    assert error_object(item.error)["code"] == -32600


def test_invalid_request_keeps_usable_id():
    (item,), _ = decode('{"jsonrpc":"1.0","id":9,"method":"x"}')
    assert encode_error(item.id, item.error)["id"] == 9


def test_empty_batch_is_invalid():
    with pytest.raises(InvalidRequest):
        decode("[]")


def test_error_object_is_the_one_conversion():
    assert error_object(RankRequired("no ranker"))["code"] == -32070
    err = error_object(InvalidParams("bad 'x'", data={"param": "x"}))
    assert err == {"code": -32602, "message": "bad 'x'", "data": {"param": "x"}}
    internal = error_object(KeyError("secret"))
    assert internal["code"] == -32603 and "secret" not in internal["message"]


def test_frame_survives_unserializable_result():
    line = frame({"jsonrpc": "2.0", "id": 3, "result": object()})
    assert b'"code":-32603' in line and b'"id":3' in line


TABLE = MethodTable()


@TABLE.method("t.echo")
def echo(ctx, a: str = REQUIRED, b: int = 2, c: list[str] | None = None, *, d: bool = False):
    return [a, b, c, d]


def test_bind_by_position_and_by_name():
    assert TABLE.call(None, "t.echo", ["x", 3]) == ["x", 3, None, False]
    assert TABLE.call(None, "t.echo", {"a": "x", "c": ["p"], "d": True}) == ["x", 2, ["p"], True]


@pytest.mark.parametrize("params,param", [
    ({}, "a"), ({"a": 1}, "a"), ({"a": "x", "b": "3"}, "b"), ({"a": "x", "b": True}, "b"),
    ({"a": "x", "c": [1]}, "c"), ({"a": "x", "zzz": 1}, "zzz"),
])
def test_bad_params_name_the_parameter(params, param):
    with pytest.raises(InvalidParams) as info:
        TABLE.call(None, "t.echo", params)
    assert f"'{param}'" in info.value.message
    assert info.value.rpc_code == -32602


def test_too_many_positional_params():
    with pytest.raises(InvalidParams, match="at most 3 positional"):
        TABLE.call(None, "t.echo", ["x", 1, None, True])


def test_unknown_method():
    with pytest.raises(MethodNotFound) as info:
        TABLE.call(None, "t.nope", [])
    assert info.value.rpc_code == -32601


def test_every_registered_method_is_documented():
    from lode.rpc.handlers import TABLE as DAEMON

    names = {m.name for m in DAEMON}
    assert {"workspace.add", "workspace.list", "workspace.configure", "workspace.set_patterns",
            "workspace.set_text_extensions", "workspace.remove", "index.run", "index.status",
            "search.query", "symbol.definition", "symbol.references", "symbol.implementations",
            "symbol.describe", "symbol.search", "file.outline", "ast.query", "doc.read",
            "sys.capabilities"} <= names
    for m in DAEMON:
        assert m.doc, f"{m.name} has no docstring"


def _lines(chunks, limit):
    async def run():
        reader = asyncio.StreamReader()
        for c in chunks:
            reader.feed_data(c)
        reader.feed_eof()
        return [line async for line in read_lines(reader, limit)]
    return asyncio.run(run())


def test_read_lines_splits_across_chunks():
    assert _lines([b"ab", b"c\nde", b"f\n\ng"], 100) == [b"abc", b"def", b"", b"g"]


def test_read_lines_skips_an_oversized_line_and_goes_on():
    out = _lines([b"x" * 50, b"x" * 60, b"yy\nok\n"], 100)
    assert out == [TOO_LARGE, b"ok"]


def test_window_cuts_at_a_paragraph_end():
    text = "para one line\nmore\n\npara two\n\npara three is long " + "z" * 100
    piece, nxt = documents.window(text, 0, 40)
    assert piece.endswith("\n\n") and text[nxt:].startswith("para three")
    marked = documents.truncation_marked(piece, nxt, len(text))
    assert marked.splitlines()[-1].startswith("[… truncated:") and f"offset={nxt}" in marked
    assert documents.window(text, nxt, 10_000) == (text[nxt:], None)


def test_confine_refuses_escapes(tmp_path):
    root = tmp_path / "ws"
    (root / "sub").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text("s")
    (root / "link").symlink_to(tmp_path / "secret.txt")
    r = documents.Root("ws", str(root.resolve()))
    assert documents.confine(r, "sub/../a.md")[1] == "a.md"
    for bad in ("../secret.txt", str(tmp_path / "secret.txt"), "link", "sub/../../secret.txt"):
        with pytest.raises(InvalidParams, match="outside workspace"):
            documents.confine(r, bad)
