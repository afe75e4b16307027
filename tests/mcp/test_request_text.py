"""The daemon and the MCP server refuse the same texts — a NUL, a lone surrogate — with
one check, :func:`lode.session.clean_text`, reached through the service (interfaces do
not import each other). Both servers are real processes spoken to with raw JSON lines:
the MCP SDK's own client cannot even encode a lone surrogate."""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("mcp")

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]

# query text → whether a server takes it. "\udc80" is how a byte that is not UTF-8 comes
# out of surrogateescape; the emoji is an astral character (a surrogate pair in JSON).
TEXTS = {
    "widget": True,
    "wídget größe": True,
    "widget \U0001F600": True,
    "widget\x00": False,
    "widget\udc80": False,
    "\ud800": False,
    "\x00": False,
}


def test_one_check_serves_the_daemon_and_the_mcp_server():
    from lode.mcp import server as mcp_server
    from lode.rpc import protocol
    from lode.service import clean_text

    assert protocol.clean_text is clean_text  # the daemon's envelope uses it, not a copy
    for text, usable in TEXTS.items():
        assert clean_text(text) is usable, repr(text)
        assert mcp_server._unusable(text) is not usable, repr(text)
        assert mcp_server._unusable(["ok", text]) is not usable, repr(text)
        assert (protocol.bad_value({"query": text}) is None) is usable, repr(text)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("text")
    ws = base / "ws"
    (ws / "pkg").mkdir(parents=True)
    (ws / "pkg" / "widgets.py").write_text(
        "class Widget:\n    \"\"\"A widget drawn on the screen.\"\"\"\n\n"
        "    def draw(self, canvas):\n        return canvas.paint(self)\n")
    db = base / "store.db"
    subprocess.run([*LODE, "index", str(ws), "--db", str(db), "--no-embed"], check=True,
                   capture_output=True, timeout=120)
    return base, db


def _line(obj) -> bytes:
    # ensure_ascii spells a lone surrogate as the escape \udc80: valid JSON the server must refuse
    return json.dumps(obj).encode() + b"\n"


def _daemon_answers(base, db) -> dict[str, bool]:
    sock_path = str(base / "d.sock")
    proc = subprocess.Popen([*LODE, "serve", "--socket", sock_path, "--db", str(db), "--no-watch"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not os.path.exists(sock_path):
            assert proc.poll() is None and time.monotonic() < deadline, "daemon did not start"
            time.sleep(0.05)
        answers = {}
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(60)
            while True:
                try:
                    s.connect(sock_path)
                    break
                except (ConnectionRefusedError, FileNotFoundError):
                    assert time.monotonic() < deadline
                    time.sleep(0.05)
            reader = s.makefile("rb")
            for i, text in enumerate(TEXTS):
                s.sendall(_line({"jsonrpc": "2.0", "id": i, "method": "search.query",
                                 "params": {"query": text, "options": {"mode": "lexical"}}}))
                reply = json.loads(reader.readline())
                assert reply["id"] == i
                if "error" in reply:
                    assert reply["error"]["code"] == -32602, reply
                    assert "NUL character or a lone surrogate" in reply["error"]["message"], reply
                answers[text] = "result" in reply
        return answers
    finally:
        proc.terminate()
        proc.wait(20)


# The MCP SDK's stdio transport parses a line with pydantic, which refuses a lone
# surrogate escape: such a line is dropped before any tool sees it (and never answered),
# so over the wire the MCP server is asked only the texts a JSON parser delivers.
_DELIVERED = {t: ok for t, ok in TEXTS.items() if not any(0xD800 <= ord(c) <= 0xDFFF for c in t)}


def _mcp_answers(db) -> dict[str, bool]:
    proc = subprocess.Popen([*LODE, "mcp", "--no-watch", "--db", str(db)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def reply(want_id):
        deadline = time.monotonic() + 60
        while True:
            assert select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))[0], \
                "the MCP server did not answer"
            message = json.loads(proc.stdout.readline())
            if message.get("id") == want_id:
                return message

    def send(obj):
        proc.stdin.write(_line(obj))
        proc.stdin.flush()

    try:
        send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "test", "version": "1"}}})
        reply(0)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        answers = {}
        for i, text in enumerate(_DELIVERED, start=1):
            send({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                  "params": {"name": "search", "arguments": {"query": text, "mode": "lexical"}}})
            result = reply(i)["result"]
            said = "".join(c.get("text", "") for c in result["content"])
            if result.get("isError"):
                assert "NUL character or a lone surrogate" in said, said
            answers[text] = not result.get("isError")
        return answers
    finally:
        proc.stdin.close()
        proc.terminate()
        proc.wait(20)


def test_the_daemon_and_the_mcp_server_refuse_the_same_texts(store):
    base, db = store
    assert _daemon_answers(base, db) == TEXTS
    assert _mcp_answers(db) == _DELIVERED
