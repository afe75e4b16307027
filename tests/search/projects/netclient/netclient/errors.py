"""Exceptions raised by the client."""


class ClientError(Exception):
    """Base class for every error the client raises."""


class ConnectionTimeoutError(ClientError):
    """The connection to the host was not established in time."""


class HostResolutionError(ClientError):
    """DNS resolution failed: the resolver found no address for the host name.

    Raised by the connector when resolving the host asynchronously returned nothing.
    """

    def __init__(self, host: str):
        super().__init__(f"cannot resolve {host}")
        self.host = host
