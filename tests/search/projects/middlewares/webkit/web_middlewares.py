"""Middlewares of the web server: each wraps the handler of a request."""

import re
from collections.abc import Awaitable, Callable

from .web_request import Request, Response

Handler = Callable[[Request], Awaitable[Response]]


def middleware(f):
    """Mark a coroutine as a new-style middleware: called with the request and the next
    handler in the chain, it returns the response."""
    f.__middleware_version__ = 1
    return f


def normalize_path_middleware(*, append_slash: bool = True, merge_slashes: bool = True):
    """A middleware that redirects a request whose path has no trailing slash, or
    several slashes in a row, to the normalized path when that path resolves."""
    correct = re.compile(r"//+")

    @middleware
    async def impl(request: Request, handler: Handler) -> Response:
        path = request.path
        if merge_slashes:
            path = correct.sub("/", path)
        if append_slash and not path.endswith("/"):
            path += "/"
        if path != request.path:
            return Response(status=308, headers={"Location": path})
        return await handler(request)

    return impl
