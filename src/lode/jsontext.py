"""JSON text without the json package: what a command-line look-up reads and writes
(a daemon's replies, the store's workspace settings, its output).

``import json`` loads ``re`` (and ``enum``, ``functools`` behind it): ~31 M
instructions, more than half of what a look-up a daemon answers runs besides the
interpreter's own start. The package is a wrapper around its C accelerator, ``_json``;
:func:`dumps` and :func:`loads` call the accelerator as ``json.dumps`` and ``json.loads`` do for their
defaults, so the text is the same. Without the accelerator (another Python), the json
package itself.
"""

from __future__ import annotations

try:
    from _json import encode_basestring, encode_basestring_ascii, make_encoder, make_scanner
except ImportError:  # pragma: no cover - CPython has it
    from json.encoder import encode_basestring, encode_basestring_ascii

    make_encoder = make_scanner = None

_INF = float("inf")
_CONSTANTS = {"-Infinity": -_INF, "Infinity": _INF, "NaN": float("nan")}
_SPACE = " \t\n\r"


def _default(o):
    raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


def dumps(obj, ensure_ascii: bool = True) -> str:
    """``json.dumps(obj, ensure_ascii=ensure_ascii)``."""
    if make_encoder is None:
        import json

        return json.dumps(obj, ensure_ascii=ensure_ascii)
    encode = encode_basestring_ascii if ensure_ascii else encode_basestring
    if isinstance(obj, str):
        return encode(obj)
    chunks = make_encoder({}, _default, encode, None, ": ", ", ", False, False, True)(obj, 0)
    return "".join(chunks)


class _Context:
    """What the accelerator's scanner reads from a decoder: json.JSONDecoder's defaults."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


_scan = make_scanner(_Context()) if make_scanner is not None else None


def loads(data: bytes | str):
    """``json.loads(data)`` for UTF-8 ``data``; ValueError when it is not one JSON value."""
    text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
    if _scan is None:
        import json

        return json.loads(text)
    start = len(text) - len(text.lstrip(_SPACE))
    try:
        obj, end = _scan(text, start)
    except StopIteration as exc:
        raise ValueError(f"Expecting value: char {exc.value}") from None
    if text[end:].strip(_SPACE):
        raise ValueError(f"Extra data: char {end}")
    return obj
