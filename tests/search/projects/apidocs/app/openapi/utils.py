from typing import Any, Callable

from .models import Document, Info, Operation


def get_openapi(*, title: str, version: str, routes: list[tuple[str, str, Callable[..., Any]]]) -> dict[str, Any]:
    """Generate the OpenAPI schema of the routes: one operation per route, keyed by path
    and method, each with its summary and a default response."""
    document = Document(openapi="3.1.0", info=Info(title=title, version=version))
    for path, method, endpoint in routes:
        operation = Operation(summary=(endpoint.__doc__ or "").strip() or None,
                              operation_id=f"{endpoint.__name__}_{method.lower()}",
                              responses={"200": {"description": "Successful Response"}})
        document.paths.setdefault(path, {})[method.lower()] = operation
    return as_dict(document)


def as_dict(document: Document) -> dict[str, Any]:
    """The document as JSON-ready data, leaving out fields that are not set."""
    paths = {path: {method: {k: v for k, v in vars(op).items() if v is not None} for method, op in ops.items()}
             for path, ops in document.paths.items()}
    return {"openapi": document.openapi, "info": {k: v for k, v in vars(document.info).items() if v is not None},
            "paths": paths, "components": document.components}
