from typing import Any

from .applications import App
from .openapi.utils import get_openapi


def openapi(app: App) -> dict[str, Any]:
    """The document served at /openapi.json, built on first use and kept on the app
    until a route is added."""
    if app.openapi_schema is None:
        app.openapi_schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
    return app.openapi_schema


def swagger_ui_html(*, openapi_url: str, title: str) -> str:
    """An HTML page that loads Swagger UI for the schema served at ``openapi_url``."""
    return f"""<!DOCTYPE html>
<html>
<head><title>{title}</title>
<link rel="stylesheet" href="https://unpkg.com/swagger-ui-dist/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="https://unpkg.com/swagger-ui-dist/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({{url: "{openapi_url}", dom_id: "#swagger-ui"}})</script>
</body>
</html>"""
