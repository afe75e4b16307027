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
import os
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from ..errors import LodeError

log = logging.getLogger("lode.rpc")

#: A request line longer than this is answered with -32600 and discarded unread.
MAX_REQUEST_BYTES = 8 * 1024 * 1024

_NO_ID = object()  # a notification: the request had no "id" member at all


class ParseError(LodeError):
    """The line is not valid JSON."""

    rpc_code = -32700


class InvalidRequest(LodeError):
    """Valid JSON that is not a JSON-RPC 2.0 request (or a request that is too large)."""

    rpc_code = -32600


class MethodNotFound(LodeError):
    rpc_code = -32601


class InternalError(LodeError):
    rpc_code = -32603


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


def decode(line: bytes | str) -> tuple[list[Request | Invalid], bool]:
    """The requests in one line, and whether the line was a batch."""
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ParseError(f"parse error: {exc}") from None
    if isinstance(message, list):
        if not message:
            raise InvalidRequest("invalid request: empty batch")
        return [_request(m) for m in message], True
    return [_request(message)], False


def _valid_id(value: Any) -> bool:
    return value is None or (isinstance(value, (str, int, float)) and not isinstance(value, bool))


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
    params = message.get("params", [])
    if not isinstance(params, (list, dict)):
        return Invalid(InvalidRequest("invalid request: 'params' must be an array or an object"),
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
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=_default)


def encode_result(rid: Any, result: Any) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "result": result}


def encode_error(rid: Any, exc: BaseException) -> dict:
    return {"jsonrpc": "2.0", "id": None if rid is _NO_ID else rid, "error": error_object(exc)}


def frame(message: Any) -> bytes:
    """One response (or batch of responses) as a line. A result that cannot be
    serialized becomes an internal error instead of killing the connection."""
    try:
        return (dumps(message) + "\n").encode()
    except (TypeError, ValueError) as exc:
        rid = message.get("id") if isinstance(message, dict) else None
        return (dumps(encode_error(rid, exc)) + "\n").encode()
