"""A small asynchronous HTTP client: connectors, a resolver and the errors they raise."""

from .connector import TCPConnector
from .errors import ClientError, ConnectionTimeoutError, HostResolutionError
from .resolver import ThreadedResolver

__all__ = ["ClientError", "ConnectionTimeoutError", "HostResolutionError", "TCPConnector", "ThreadedResolver"]
