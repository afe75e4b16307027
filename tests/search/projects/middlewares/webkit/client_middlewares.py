"""Client-side middleware support."""

from collections.abc import Awaitable, Callable, Sequence

from .client_reqrep import ClientRequest, ClientResponse

# Type alias for client request handlers - functions that process requests and return responses
ClientHandlerType = Callable[[ClientRequest], Awaitable[ClientResponse]]

# Type for client middleware - similar to server middleware but uses ClientRequest/ClientResponse
ClientMiddlewareType = Callable[
    [ClientRequest, ClientHandlerType], Awaitable[ClientResponse]
]


def build_client_middlewares(handler: ClientHandlerType,
                             middlewares: Sequence[ClientMiddlewareType]) -> ClientHandlerType:
    """Apply the middlewares to the handler, the first given the outermost."""
    for middleware in reversed(middlewares):
        handler = _wrap(middleware, handler)
    return handler


def _wrap(middleware: ClientMiddlewareType, handler: ClientHandlerType) -> ClientHandlerType:
    async def call(request: ClientRequest) -> ClientResponse:
        return await middleware(request, handler)

    return call
