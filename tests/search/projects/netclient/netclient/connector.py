"""Connectors open the transports requests are sent over."""

import asyncio
import time

from .errors import ConnectionTimeoutError, HostResolutionError
from .resolver import ThreadedResolver


class TCPConnector:
    """Opens TCP connections, caching the addresses of the hosts it has looked up."""

    def __init__(self, resolver=None, ttl: float = 10.0, timeout: float = 5.0):
        self._resolver = resolver or ThreadedResolver()
        self._cached: dict[tuple[str, int], tuple[float, list[dict]]] = {}
        self._ttl = ttl
        self._timeout = timeout

    async def _addresses(self, host: str, port: int) -> list[dict]:
        key = (host, port)
        hit = self._cached.get(key)
        if hit is not None and time.monotonic() - hit[0] < self._ttl:
            return hit[1]
        addresses = await self._resolver.resolve(host, port)
        if not addresses:
            raise HostResolutionError(host)
        self._cached[key] = (time.monotonic(), addresses)
        return addresses

    async def connect(self, host: str, port: int):
        for address in await self._addresses(host, port):
            try:
                return await asyncio.wait_for(
                    asyncio.open_connection(address["host"], address["port"]), self._timeout)
            except asyncio.TimeoutError:
                continue
        raise ConnectionTimeoutError(host)
