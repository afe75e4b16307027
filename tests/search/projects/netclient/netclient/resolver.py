"""Name lookups for the connector."""

import asyncio
import socket


class ThreadedResolver:
    """DNS resolution of host names without blocking: the system's getaddrinfo, run in
    the event loop's executor, answers each host's addresses."""

    def __init__(self, loop=None):
        self._loop = loop or asyncio.get_event_loop()

    async def resolve(self, host: str, port: int = 0, family: int = socket.AF_INET) -> list[dict]:
        infos = await self._loop.getaddrinfo(host, port, type=socket.SOCK_STREAM, family=family)
        hosts = []
        for fam, _, proto, _, address in infos:
            hosts.append({"hostname": host, "host": address[0], "port": address[1],
                          "family": fam, "proto": proto, "flags": socket.AI_NUMERICHOST})
        return hosts

    async def close(self) -> None:
        pass
