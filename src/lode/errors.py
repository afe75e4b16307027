"""Errors lode raises. Each carries a user message, a CLI exit code and a JSON-RPC code,
so interfaces convert them in one place."""

from __future__ import annotations


class LodeError(Exception):
    exit_code = 1
    rpc_code = -32000

    def __init__(self, message: str, *, data: dict | None = None):
        super().__init__(message)
        self.message = message
        self.data = data or {}


class InvalidParams(LodeError):
    """A caller passed a bad argument (names the parameter in its message)."""

    exit_code = 2
    rpc_code = -32602


class NotFound(LodeError):
    exit_code = 1
    rpc_code = -32004


class RankRequired(LodeError):
    """A search asked for rerank but no ranker can rank."""

    exit_code = 3
    rpc_code = -32070


class FileRefused(LodeError):
    """A file lode will not read: missing, binary, not UTF-8, or too large."""

    exit_code = 1
    rpc_code = -32005

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}", data={"path": path, "reason": reason})
        self.path = path
        self.reason = reason
