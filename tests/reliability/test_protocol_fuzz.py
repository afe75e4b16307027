"""A protocol fuzzer against a real daemon: hypothesis builds JSON-RPC messages — well
formed, malformed, nested, with lone surrogates, NUL, huge and non-finite numbers,
invalid UTF-8, truncated — and sends each on a live connection followed by a sentinel
request. Every line that comes back must be strict JSON (UTF-8, no NaN, no lone
surrogate), every error must carry a JSON-RPC code from the documented set (never
-32603, which would be a bug), and the sentinel must be answered: the connection and
the daemon stay up. Then an abusive phase, after which the daemon's resident memory
must come back near its baseline.
"""

from __future__ import annotations

import json
import socket
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daemon import Daemon, request, strict_json
from lode.rpc.handlers import TABLE

#: Codes the daemon may answer with (docs/daemon.md). -32603 is not among them.
CODES = {-32700, -32600, -32601, -32602, -32001, -32002, -32003, -32004, -32005,
         -32020, -32070, -32000}
READS = sorted(m.name for m in TABLE if not m.writes and m.name != "sys.shutdown")
SENTINEL = request("sys.stats", rid="sentinel")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    base = tmp_path_factory.mktemp("fuzz")
    repo = base / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "__init__.py").write_text("from .core import Engine\n")
    (repo / "pkg" / "core.py").write_text(
        "class Engine:\n    def start(self, speed):\n        return speed * 2\n\n\n"
        "def build_engine():\n    return Engine()\n")
    (repo / "README.md").write_text("# Engines\n\nHow the engine starts.\n")
    d = Daemon(base / "d")
    d.call("workspace.add", {"root": str(repo), "name": "repo"})
    d.call("index.run", {"embed": False})
    conn = {"sock": None}
    yield d, conn
    if conn["sock"] is not None:
        conn["sock"].close()
    d.stop()


# -- strategies ------------------------------------------------------------------------------

lone = st.sampled_from(["\ud800", "\udbff", "\udc80", "\udfff"])
texty = st.one_of(st.text(max_size=30), st.builds(lambda a, s, b: a + s + b, st.text(max_size=5), lone,
                                                  st.text(max_size=5)),
                  st.sampled_from(["", "\x00", "a\x00b", "../../etc/passwd", "/", "a." * 50 + "a",
                                   "pkg.Engine.start", "Engine", "*", "(identifier) @i", "x" * 5000]))
numbers = st.one_of(st.integers(min_value=-(2 ** 70), max_value=2 ** 70),
                    st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([0, -1, 1, 2 ** 63, -(2 ** 63), 1e308]))
scalars = st.one_of(st.none(), st.booleans(), numbers, texty)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(texty, inner, max_size=4)),
                      max_leaves=12)
param_names = st.sampled_from(["query", "name", "workspace", "path", "limit", "offset", "options",
                               "paths", "language", "prefix", "kinds", "line_start", "line_end", "mode"])
params = st.one_of(st.dictionaries(param_names, values, max_size=4), st.lists(values, max_size=4), values)
methods = st.one_of(st.sampled_from(READS), texty)
ids = st.one_of(st.integers(), st.floats(allow_nan=False, allow_infinity=False), texty, st.none(),
                st.sampled_from([True, [], {}, 1e999]))


@st.composite
def envelopes(draw):
    msg = {}
    if draw(st.integers(0, 9)) > 0:
        msg["jsonrpc"] = draw(st.sampled_from(["2.0", "2.0", "2.0", "1.0", 2, None]))
    if draw(st.booleans()):
        msg["id"] = draw(ids)
    if draw(st.integers(0, 9)) > 0:
        msg["method"] = draw(methods)
    if draw(st.booleans()):
        msg["params"] = draw(params)
    return msg


@st.composite
def lines(draw) -> bytes:
    kind = draw(st.integers(0, 9))
    if kind <= 5:
        body = draw(envelopes())
    elif kind == 6:
        body = draw(st.lists(envelopes(), min_size=0, max_size=5))
    elif kind == 7:
        depth = draw(st.integers(1, 3000))
        return b'{"jsonrpc":"2.0","id":1,"method":"sys.stats","params":' + b"[" * depth + b"]" * depth + b"}"
    elif kind == 8:
        return draw(st.binary(max_size=200)).replace(b"\n", b" ")
    else:
        body = draw(envelopes())
        text = json.dumps(body, ensure_ascii=False).encode("utf-8", "surrogatepass")
        cut = draw(st.integers(0, len(text)))
        return text[:cut].replace(b"\n", b" ")
    text = json.dumps(body, ensure_ascii=draw(st.booleans()), allow_nan=True)
    return text.encode("utf-8", "surrogatepass").replace(b"\n", b" ")


def _replies(d: Daemon, conn: dict, line: bytes) -> list:
    if conn["sock"] is None:
        conn["sock"] = d.connect(30)
        conn["file"] = conn["sock"].makefile("rb")
    s, f = conn["sock"], conn["file"]
    s.sendall(line + b"\n" + SENTINEL)
    out = []
    while True:
        raw = f.readline()
        assert raw, f"connection closed after {line[:200]!r}"
        assert raw.endswith(b"\n")
        value = strict_json(raw)
        if isinstance(value, dict) and value.get("id") == "sentinel":
            assert "result" in value
            return out
        out.append(value)


def _check(reply) -> None:
    for r in reply if isinstance(reply, list) else [reply]:
        assert isinstance(r, dict) and r.get("jsonrpc") == "2.0", r
        assert ("result" in r) != ("error" in r), r
        if "error" in r:
            assert r["error"]["code"] in CODES, r
            assert isinstance(r["error"]["message"], str)


@settings(max_examples=400, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(line=lines())
def test_fuzzed_lines_get_valid_answers(served, line):
    d, conn = served
    for reply in _replies(d, conn, line):
        _check(reply)


def test_daemon_survives_and_memory_returns(served):
    d, conn = served
    assert d.alive()
    for _ in range(3):
        d.call("symbol.list", {"workspace": "repo"})
    time.sleep(0.5)
    baseline = d.rss()
    # Abusive phase: many connections holding big unfinished lines, oversized lines,
    # big batches, a flood of pipelined requests from a client that hangs up.
    held = []
    for _ in range(50):
        s = d.connect()
        s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"search.query","params":{"query":"' + b"q" * 900_000)
        held.append(s)
    for _ in range(10):
        s = d.connect()
        s.sendall(b"[" + b'{"jsonrpc":"2.0","id":1,"method":"sys.stats"},' * 200_000)
        held.append(s)
    batch = json.dumps([{"jsonrpc": "2.0", "id": i, "method": "ast.query",
                         "params": {"query": "(identifier) @i", "workspace": "repo"}} for i in range(100)])
    replies = d.exchange(batch.encode() + b"\n", timeout=120)
    assert len(replies) == 1 and len(replies[0]) == 100
    flood = d.connect()
    flood.sendall(request("symbol.list", {"workspace": "repo"}) * 5000)
    flood.close()
    during = d.rss()
    for s in held:
        s.close()
    time.sleep(2.0)
    stats = d.call("sys.stats")
    assert stats["input_buffered"] == 0
    after = d.rss()
    assert d.alive()
    assert during - baseline < 120 << 20, f"+{(during - baseline) >> 20} MB during the abuse"
    assert after - baseline < 30 << 20, f"+{(after - baseline) >> 20} MB after it (baseline {baseline >> 20} MB)"
    # and it still answers everyone
    assert d.call("symbol.definition", {"name": "pkg.Engine"})["candidates"]


def test_half_closed_client_still_gets_its_answer(served):
    d, _ = served
    with d.connect() as s:
        s.sendall(request("symbol.definition", {"name": "core.Engine.start"}))
        s.shutdown(socket.SHUT_WR)
        f = s.makefile("rb")
        reply = strict_json(f.readline())
    assert reply["result"]["candidates"]
