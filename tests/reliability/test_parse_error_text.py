"""A request line with a number of thousands of digits is a parse error that says so,
not Python's advice to the programmer ("use sys.set_int_max_str_digits() to increase
the limit")."""

from __future__ import annotations

from daemon import Daemon


def test_a_huge_number_is_a_parse_error_in_the_protocol_s_words(tmp_path):
    daemon = Daemon(tmp_path / "d")
    try:
        line = b'{"jsonrpc": "2.0", "id": ' + b"9" * 5000 + b', "method": "sys.stats"}\n'
        reply = daemon.exchange(line)[0]
        assert reply["error"]["code"] == -32700
        message = reply["error"]["message"]
        assert message.startswith("parse error: a number with over") and "sys." not in message, message
        assert daemon.alive()
    finally:
        daemon.stop()
