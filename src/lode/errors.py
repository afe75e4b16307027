"""Every error lode raises, in one place. Each class carries a user message, a CLI exit
code and a JSON-RPC code, so interfaces convert them once: the daemon turns any of them
into an error object (:func:`lode.rpc.protocol.error_object`), the CLI exits with
``exit_code``, and a client turns a code back into its class with :data:`BY_CODE`.

docs/daemon.md lists every code in :data:`BY_CODE`; a test keeps the two in step.
"""

from __future__ import annotations



# An error message quotes what it refuses; a 100 KB argument (an agent pasting a file as a
# workspace name) made a 100 KB error, read into the caller's context whole.
MAX_MESSAGE_CHARS = 2000


def _clipped(message: str) -> str:
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    keep = MAX_MESSAGE_CHARS // 2
    return f"{message[:keep]}… ({len(message) - 2 * keep} characters left out) …{message[-keep:]}"


class LodeError(Exception):
    """Base class; ``rpc_code`` -32000 is "a lode error with no more specific code"."""

    exit_code = 1
    rpc_code = -32000

    def __init__(self, message: str, *, data: dict | None = None):
        message = _clipped(message)
        super().__init__(message)
        self.message = message
        self.data = data or {}


# --- the request itself (JSON-RPC 2.0's reserved codes) -------------------------------

class ParseError(LodeError):
    """The line is not valid JSON."""

    rpc_code = -32700


class InvalidRequest(LodeError):
    """Valid JSON that is not a JSON-RPC 2.0 request (or a request that is too large)."""

    rpc_code = -32600


class MethodNotFound(LodeError):
    rpc_code = -32601


class InvalidParams(LodeError):
    """A caller passed a bad argument (names the parameter in its message)."""

    exit_code = 2
    rpc_code = -32602


class InternalError(LodeError):
    rpc_code = -32603


# --- the daemon's bounds ---------------------------------------------------------------

class RequestTimeout(LodeError):
    """The request ran past its deadline and was stopped."""

    rpc_code = -32001


class ReplyTooLarge(LodeError):
    """The reply would exceed the daemon's reply bound (``lode.rpc.bounds``)."""

    rpc_code = -32002


class Cancelled(LodeError):
    """The client went away; nobody will read the answer."""

    rpc_code = -32003


# --- the domain --------------------------------------------------------------------------

class NotFound(LodeError):
    """A workspace, file or name the store does not hold."""

    rpc_code = -32004


class FileRefused(LodeError):
    """A file lode will not read: missing, binary, not UTF-8, or too large."""

    rpc_code = -32005

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}", data={"path": path, "reason": reason})
        self.path = path
        self.reason = reason


class StoreError(LodeError):
    """The store cannot be opened or created (path, permissions, not a lode store)."""

    rpc_code = -32020


#: SQLite's primary result codes for a store file that is damaged or not a store
#: (SQLITE_CORRUPT, SQLITE_NOTADB).
_DAMAGED_CODES = frozenset({11, 26})


def store_damage(exc: BaseException) -> str | None:
    """SQLite's reason when ``exc`` says the store file is damaged or not a store (its
    pages unreadable: a disk error, a copy taken mid-write), else None. Such an error can
    come from any statement, long after the store opened, so interfaces check for it at
    their edge rather than around each query."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None or code & 0xFF not in _DAMAGED_CODES:
        return None
    return str(exc)


#: What to do about a damaged store: ``lode check --repair`` rebuilds its indexes, or
#: re-indexes its workspaces into a fresh store, keeping every workspace.
REPAIR_HINT = "run lode check --repair (it keeps every workspace)"


def damaged_store_message(path: str, reason: str) -> str:
    return f"store {path} is damaged ({reason}): {REPAIR_HINT}"


class IndexerBusy(LodeError):
    """Another process is indexing this workspace of a shared (PostgreSQL) store: one
    indexer per workspace at a time."""

    exit_code = 5
    rpc_code = -32021


class RankRequired(LodeError):
    """A search asked for rerank but no ranker can rank."""

    exit_code = 3
    rpc_code = -32070


class ModelUnavailable(LodeError):
    """The embedding model cannot be loaded here (package missing, files broken)."""

    rpc_code = -32071


class IndexFailed(LodeError):
    """An index run could not run at all (its worker processes failed to start)."""


class IndexStopped(LodeError):
    """An index run stopped early because its server is stopping: the batches written
    stay (each is one transaction), and the next run does the rest."""


class PluginError(LodeError):
    """A plug-in is unusable as installed: lode refuses to start (names it and its package)."""

    exit_code = 4


# --- the daemon's process and its clients ---------------------------------------------

class DaemonRunning(LodeError):
    """``lode serve`` found a daemon already listening on its socket."""


class NoDaemon(LodeError):
    """No daemon answers on the socket (or it hung up)."""


#: Every JSON-RPC code lode answers with → the class that carries it.
BY_CODE: dict[int, type[LodeError]] = {
    cls.rpc_code: cls
    for cls in (LodeError, ParseError, InvalidRequest, MethodNotFound, InvalidParams,
                InternalError, RequestTimeout, ReplyTooLarge, Cancelled,
                NotFound, FileRefused, StoreError, IndexerBusy, RankRequired, ModelUnavailable)
}


def exit_code_for(rpc_code: int) -> int:
    """The CLI exit code for an error the daemon answered with ``rpc_code``."""
    cls = BY_CODE.get(rpc_code)
    return cls.exit_code if cls is not None else LodeError.exit_code


class RemoteError(LodeError):
    """An error response from the daemon, with its JSON-RPC code and the exit code of the
    class behind that code."""

    def __init__(self, code: int, message: str, data: object = None):  # any JSON value
        super().__init__(message, data=data if isinstance(data, dict) else None)
        self.rpc_code = code
        self.exit_code = exit_code_for(code)


class RemoteFailed(LodeError):
    """The daemon answered a CLI command with a domain error (bad params, not found, …):
    shown as the store would have shown it."""

    def __init__(self, code: int, message: str, data: object = None):  # any JSON value
        super().__init__(message, data=data if isinstance(data, dict) else None)
        self.rpc_code = code
        self.exit_code = exit_code_for(code)
