"""The daemon as a separate process on a real Unix socket: protocol errors, hostile
clients, concurrency — and it keeps answering afterwards."""

from __future__ import annotations

import json
import os
import socket
import stat
import threading

from lode.rpc.client import Client, RemoteError


def raw(daemon, data: bytes) -> list[dict]:
    """Send raw bytes, half-close, read every response line."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(30)
        s.connect(daemon.socket)
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        buf = b""
        while chunk := s.recv(1 << 16):
            buf += chunk
    return [json.loads(line) for line in buf.splitlines() if line.strip()]


def assert_still_answers(daemon):
    assert daemon.alive()
    caps = daemon.call("sys.capabilities")
    assert "chunkers" in caps


def test_socket_is_owner_only(daemon):
    mode = os.stat(daemon.socket).st_mode
    assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(daemon.socket)).st_mode) & 0o077 == 0


def test_capabilities(daemon):
    caps = daemon.call("sys.capabilities")
    assert caps["chunkers"]["code-go-4"] == [".go"]
    assert {lang["name"] for lang in caps["languages"]} >= {"go", "python", "rust", "zig"}
    assert ".docx" in caps["derived_formats"]
    assert "model" in caps and "ranker" in caps
    assert any(m["name"] == "search.query" for m in caps["methods"])


def test_malformed_json_is_parse_error(daemon):
    (resp,) = raw(daemon, b'{"jsonrpc": "2.0", "id": 1, "method": \n')
    assert resp["error"]["code"] == -32700 and resp["id"] is None
    assert_still_answers(daemon)


def test_invalid_request(daemon):
    responses = raw(daemon, b'{"jsonrpc":"2.0","id":4,"params":[]}\n[]\n'
                            b'{"jsonrpc":"2.0","id":5,"method":"sys.capabilities","params":"x"}\n')
    assert [r["error"]["code"] for r in responses] == [-32600, -32600, -32600]
    assert [r["id"] for r in responses] == [4, None, 5]
    assert_still_answers(daemon)


def test_unknown_method(daemon):
    with daemon.client() as c:
        try:
            c.call("no.such.method", {})
        except RemoteError as exc:
            assert exc.rpc_code == -32601 and "no.such.method" in exc.message
        else:
            raise AssertionError("expected an error")
        assert "chunkers" in c.call("sys.capabilities")  # same connection still usable


def test_bad_params_name_the_parameter(daemon):
    cases = [("doc.read", {"path": 5}, "'path'"), ("doc.read", {}, "'path'"),
             ("search.query", {"query": "x", "limit": "ten"}, "'limit'"),
             ("search.query", [None, "x", {"bogus": 1}], "'options.bogus'"),
             ("symbol.definition", {"name": "a.b", "colour": "red"}, "'colour'"),
             ("symbol.definition", ["a.b", None, 3, False, "extra"], "positional")]
    with daemon.client() as c:
        for method, params, needle in cases:
            try:
                c.call(method, params)
            except RemoteError as exc:
                assert exc.rpc_code == -32602, (method, exc.message)
                assert needle in exc.message, exc.message
            else:
                raise AssertionError(f"{method} {params} accepted")
    assert_still_answers(daemon)


def test_batch_and_notification(daemon):
    responses = raw(daemon, b'[{"jsonrpc":"2.0","id":1,"method":"sys.capabilities"},'
                            b'{"jsonrpc":"2.0","method":"sys.capabilities"},'
                            b'{"jsonrpc":"2.0","id":2,"method":"nope"}]\n'
                            b'{"jsonrpc":"2.0","method":"sys.capabilities"}\n')
    assert len(responses) == 1 and isinstance(responses[0], list)
    ids = {r["id"]: r for r in responses[0]}
    assert set(ids) == {1, 2} and "result" in ids[1] and ids[2]["error"]["code"] == -32601


def test_oversized_request_is_refused_and_the_connection_goes_on(daemon):
    big = b'{"jsonrpc":"2.0","id":1,"method":"sys.capabilities","params":{"pad":"' + \
          b"x" * (9 * 1024 * 1024) + b'"}}\n'
    ok = b'{"jsonrpc":"2.0","id":2,"method":"sys.capabilities"}\n'
    responses = raw(daemon, big + ok)
    assert responses[0]["error"]["code"] == -32600 and "larger than" in responses[0]["error"]["message"]
    assert responses[1]["id"] == 2 and "result" in responses[1]
    assert_still_answers(daemon)


def test_client_disconnecting_mid_call(daemon):
    for _ in range(20):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(daemon.socket)
        s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"sys.capabilities"}\n'
                  b'{"jsonrpc":"2.0","id":2,"method":"sys.capa')  # and half a request
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()  # RST, before the answer is written
    assert_still_answers(daemon)


def test_concurrent_clients(daemon):
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        try:
            with Client(daemon.socket, timeout=30) as c:
                for i in range(10):
                    caps = c.call("sys.capabilities")
                    assert "chunkers" in caps
                    try:
                        c.call("doc.read", {"path": n})
                    except RemoteError as exc:
                        assert exc.rpc_code == -32602
        except BaseException as exc:  # noqa: BLE001 — reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert_still_answers(daemon)


def test_a_second_daemon_on_the_same_socket_is_refused(daemon, tmp_path):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", "from lode.cli import main; main()", "serve", "--socket", daemon.socket, "--db",
                           str(tmp_path / "other.db"), "--no-watch"],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode != 0 and "already listens" in proc.stderr
    assert_still_answers(daemon)
