"""The web application: routes, middlewares and the handling of each request."""

from collections.abc import Awaitable, Callable

from .web_request import Request, Response

Handler = Callable[[Request], Awaitable[Response]]


class Application:
    def __init__(self, middlewares=()) -> None:
        self._middlewares = list(middlewares)
        self._routes: dict[tuple[str, str], Handler] = {}

    def add_route(self, method: str, path: str, handler: Handler) -> None:
        self._routes[(method.upper(), path)] = handler

    def _build_middlewares(self, handler: Handler) -> Handler:
        """Wrap the route's handler in the application's middlewares, the first
        registered outermost: each is called with the request and the next handler."""
        for mw in reversed(self._middlewares):
            handler = _bind(mw, handler)
        return handler

    async def _handle(self, request: Request) -> Response:
        """Find the route's handler and run it through the middleware chain."""
        handler = self._routes.get((request.method, request.path))
        if handler is None:
            return Response(status=404)
        return await self._build_middlewares(handler)(request)


def _bind(mw, handler: Handler) -> Handler:
    async def call(request: Request) -> Response:
        return await mw(request, handler)

    return call
