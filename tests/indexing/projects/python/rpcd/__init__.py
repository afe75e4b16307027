"""rpcd: a small JSON-RPC 2.0 dispatcher."""

from .errors import InvalidParams, MethodNotFound
from .server import Dispatcher

__all__ = ["Dispatcher", "InvalidParams", "MethodNotFound"]
