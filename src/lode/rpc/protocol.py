"""JSON-RPC 2.0 envelope and framing: one JSON message (or batch) per line, UTF-8.

:func:`decode` turns a line into requests (raising :class:`ParseError` /
:class:`InvalidRequest` for the line as a whole); :func:`encode_result` and
:func:`encode_error` build response lines. :func:`error_object` is the single place an
exception becomes a JSON-RPC error: a :class:`~lode.errors.LodeError` keeps its
``rpc_code``, message and data; anything else is -32603 with no internals leaked.

Why no JSON-RPC library: the maintained ones (pygls, python-lsp-jsonrpc) frame messages
with LSP ``Content-Length`` headers, not one message per line, and bring a server
framework with them; the envelope itself is this small module, tested on its own.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
import os
import sys
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

# The request-level errors live with the rest (lode.errors); imported here by their old path.
from ..errors import (InternalError, InvalidParams, InvalidRequest, LodeError, MethodNotFound, ParseError,
                      REPAIR_HINT, StoreError, store_damage)
from ..service import clean_text  # the text check every server shares (lode.session)

log = logging.getLogger("lode.rpc")

#: A request line longer than this is answered with -32600 and discarded unread.
MAX_REQUEST_BYTES = 1024 * 1024
#: A batch with more members than this is answered with one -32600.
MAX_BATCH = 100
#: Arrays and objects nested deeper than this in a request are refused (-32600 for the
#: envelope, -32602 inside params): no handler ever walks an unbounded structure.
MAX_DEPTH = 32

_NO_ID = object()  # a notification: the request had no "id" member at all


@dataclass(frozen=True)
class Request:
    method: str
    params: list | dict
    id: Any = _NO_ID

    @property
    def is_notification(self) -> bool:
        return self.id is _NO_ID


@dataclass(frozen=True)
class Invalid:
    """One member of a batch (or a lone message) that is not a valid request."""

    error: LodeError
    id: Any = None


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


def decode(line: bytes | str) -> tuple[list[Request | Invalid], bool]:
    """The requests in one line, and whether the line was a batch."""
    try:
        # NaN/Infinity are not JSON; Python's parser accepts them unless told not to.
        message = json.loads(line, parse_constant=_not_json)
    except (ValueError, UnicodeDecodeError) as exc:
        if "integer string conversion" in str(exc):  # not Python's advice to raise its limit
            raise ParseError(f"parse error: a number with over {sys.get_int_max_str_digits()} digits") from None
        raise ParseError(f"parse error: {exc}") from None
    except RecursionError:  # the C parser's own guard against deep nesting
        raise ParseError("parse error: nested too deeply") from None
    if isinstance(message, list):
        if not message:
            raise InvalidRequest("invalid request: empty batch")
        if len(message) > MAX_BATCH:
            raise InvalidRequest(f"invalid request: a batch holds at most {MAX_BATCH} requests")
        return [_request(m) for m in message], True
    return [_request(message)], False


def _valid_id(value: Any) -> bool:
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, float):
        return math.isfinite(value)  # 1e999 parses as inf, which has no JSON spelling
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def bad_value(value: Any, max_depth: int = MAX_DEPTH) -> str | None:
    """Why ``value`` (params of a request) is unacceptable, or None: a string with a lone
    surrogate or NUL, a non-finite number, or nesting deeper than ``max_depth``. Walked
    with an explicit stack, never recursion."""
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, str):
            if not clean_text(v):
                return "holds a NUL character or a lone surrogate"
        elif isinstance(v, float):
            if not math.isfinite(v):
                return "holds a number out of range"
        elif isinstance(v, (list, dict)):
            if depth >= max_depth:
                return f"is nested deeper than {max_depth} levels"
            if isinstance(v, dict):
                stack.extend((k, depth + 1) for k in v)
                stack.extend((x, depth + 1) for x in v.values())
            else:
                stack.extend((x, depth + 1) for x in v)
    return None


def _request(message: Any) -> Request | Invalid:
    if not isinstance(message, dict):
        return Invalid(InvalidRequest("invalid request: expected a JSON object"))
    rid = message.get("id", _NO_ID)
    reply_id = rid if rid is not _NO_ID and _valid_id(rid) else None
    if rid is not _NO_ID and not _valid_id(rid):
        return Invalid(InvalidRequest("invalid request: 'id' must be a string, number or null"))
    if message.get("jsonrpc") != "2.0":
        return Invalid(InvalidRequest("invalid request: 'jsonrpc' must be \"2.0\""), reply_id)
    method = message.get("method")
    if not isinstance(method, str) or not method:
        return Invalid(InvalidRequest("invalid request: 'method' must be a non-empty string"),
                       reply_id)
    if not clean_text(method):
        return Invalid(MethodNotFound("method not found: the name holds a NUL character or a "
                                      "lone surrogate"), reply_id)
    params = message.get("params", [])
    if not isinstance(params, (list, dict)):
        return Invalid(InvalidRequest("invalid request: 'params' must be an array or an object"),
                       reply_id)
    named = params.items() if isinstance(params, dict) else enumerate(params)
    for name, value in named:
        why = bad_value(name, 0) or bad_value(value, MAX_DEPTH - 1)
        if why is not None:
            if isinstance(name, int):
                label, param = f"parameter {name}", name
            elif clean_text(name):
                label, param = f"'{name}'", name
            else:
                label, param = "a parameter name", None
            return Invalid(InvalidParams(f"invalid params: {label} {why}",
                                         data={"param": param} if param is not None else None),
                           reply_id)
    return Request(method, params, rid)


def error_object(exc: BaseException) -> dict:
    """The JSON-RPC error object for an exception — the one conversion point."""
    if isinstance(exc, LodeError):
        err: dict[str, Any] = {"code": exc.rpc_code, "message": exc.message}
        if exc.data:
            err["data"] = exc.data
        return err
    log.error("internal error", exc_info=exc)
    damage = store_damage(exc)
    if damage is not None:  # any statement may meet it: the client learns what to do
        return {"code": StoreError.rpc_code,
                "message": f"the daemon's store is damaged ({damage}): stop the daemon and {REPAIR_HINT}"}
    return {"code": InternalError.rpc_code,
            "message": f"internal error ({type(exc).__name__}); see the daemon log"}


def _default(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    if isinstance(obj, (PurePath, os.PathLike)):
        return os.fspath(obj)
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    raise TypeError(f"{type(obj).__name__} is not JSON serializable")


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"),
                      default=_default)


def _printable(text: str) -> str:
    """``text`` as valid Unicode: a byte smuggled in by ``surrogateescape`` (U+DC80–U+DCFF,
    e.g. from a file name that is not UTF-8) becomes ``\\xNN``, any other lone surrogate
    U+FFFD."""
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF
                   else "\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


def scrub(obj: Any) -> Any:
    """A copy of a JSON value with every string made valid Unicode (see :func:`_printable`)
    and every non-finite float null — only used when encoding the value as is failed."""
    if isinstance(obj, str):
        try:
            obj.encode("utf-8")
            return obj
        except UnicodeEncodeError:
            return _printable(obj)
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {scrub(k) if isinstance(k, str) else k: scrub(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [scrub(v) for v in obj]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return scrub(dataclasses.asdict(obj))
    return obj


def encode_result(rid: Any, result: Any) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "result": result}


def encode_error(rid: Any, exc: BaseException) -> dict:
    return {"jsonrpc": "2.0", "id": None if rid is _NO_ID else rid, "error": error_object(exc)}


def encode_value(value: Any) -> bytes:
    """A result as JSON bytes (strings that are not valid Unicode escaped, see
    :func:`scrub`); raises TypeError/ValueError when it cannot be serialized."""
    try:
        return dumps(value).encode()
    except (TypeError, ValueError, RecursionError):
        pass
    try:
        return dumps(scrub(value)).encode()
    except RecursionError as exc:
        raise ValueError("result nested too deeply") from exc


def result_line(rid: Any, result_json: bytes) -> bytes:
    """A response (no newline) around an already encoded result."""
    return b'{"jsonrpc":"2.0","id":' + dumps(rid).encode() + b',"result":' + result_json + b"}"


def frame(message: Any) -> bytes:
    """One response (or batch of responses) as a line of valid JSON, always. Strings that
    are not valid Unicode are escaped (:func:`scrub`); a result that still cannot be
    serialized becomes an internal error instead of killing the connection."""
    try:
        return (dumps(message) + "\n").encode()
    except (TypeError, ValueError, RecursionError):
        pass
    try:
        return (dumps(scrub(message)) + "\n").encode()
    except (TypeError, ValueError, RecursionError) as exc:
        rid = message.get("id") if isinstance(message, dict) else None
        if not (isinstance(rid, (int, str)) and _valid_id(rid)):
            rid = None
        return (dumps(encode_error(rid, exc)) + "\n").encode()
