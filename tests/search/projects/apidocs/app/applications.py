from typing import Any, Callable



class App:
    """The application: routes, middleware and the generated API documentation."""

    def __init__(self, title: str = "API", version: str = "0.1.0") -> None:
        self.title = title
        self.version = version
        self.routes: list[tuple[str, str, Callable[..., Any]]] = []
        self.openapi_schema: dict[str, Any] | None = None

    def add_route(self, path: str, method: str, endpoint: Callable[..., Any]) -> None:
        self.routes.append((path, method.upper(), endpoint))
        self.openapi_schema = None  # the schema no longer matches the routes

    def route(self, path: str, methods: list[str] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register the decorated function as the endpoint of ``path`` for each method
        (GET when none is given)."""

        def decorator(endpoint: Callable[..., Any]) -> Callable[..., Any]:
            for method in methods or ["GET"]:
                self.add_route(path, method, endpoint)
            return endpoint

        return decorator

    def get(self, path: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return self.route(path, ["GET"])

    def post(self, path: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return self.route(path, ["POST"])

    def add_middleware(self, middleware: Callable[..., Any]) -> None:
        """Wrap every endpoint in ``middleware``: it receives the request and the next
        callable and returns the response."""
        self.routes = [(path, method, _wrapped(middleware, endpoint)) for path, method, endpoint in self.routes]

    def dispatch(self, path: str, method: str, request: Any) -> Any:
        """Call the endpoint registered for ``path`` and ``method``; 404 when none is."""
        for route_path, route_method, endpoint in self.routes:
            if route_path == path and route_method == method.upper():
                return endpoint(request)
        return {"status": 404, "detail": "Not Found"}


def _wrapped(middleware: Callable[..., Any], endpoint: Callable[..., Any]) -> Callable[..., Any]:
    def call(request: Any) -> Any:
        return middleware(request, endpoint)

    call.__name__ = endpoint.__name__
    call.__doc__ = endpoint.__doc__
    return call
