"""The MCP server class lode's tools are served by: the SDK's, made to refuse
arguments a tool does not take and to report malformed ones in one line."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError

from ..errors import InvalidParams


class StrictServer(MCPServer):
    """An MCP server whose tools refuse arguments they do not take, as the daemon's
    methods do. The SDK's argument models ignore unknown keys, so a misnamed one
    (``path_globs`` for ``glob``, ``start_line`` for ``line_start``) would be dropped
    and the call answered as if it had not been given: a filter silently not applied,
    a whole file read instead of a range. The listed schemas say so too
    (``additionalProperties: false``), and a malformed argument's error names it in
    one line instead of pydantic's report."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.accepted: dict[str, tuple[str, ...]] = {}  # tool name -> its parameters

    async def list_tools(self):
        tools = await super().list_tools()
        for t in tools:
            if t.name in self.accepted and isinstance(t.input_schema, dict):
                t.input_schema = _untitled({**t.input_schema, "additionalProperties": False})
        return tools

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None):
        accepted = self.accepted.get(name)
        unknown = sorted(set(arguments or {}) - set(accepted or ()))
        if accepted is not None and unknown:
            raise ToolError(f"invalid params: unknown argument{'s' if len(unknown) > 1 else ''} "
                            f"{', '.join(map(repr, unknown))} for {name} (accepted: {', '.join(accepted)}) "
                            f"(lode error {InvalidParams.rpc_code})")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(_invalid_arguments(exc.__cause__)) from None
            raise


def _untitled(schema: dict[str, Any]) -> dict[str, Any]:
    """A tool's input schema without the titles pydantic derives from the names
    (``"title": "Line Start"``, ``"searchArguments"``): every listing is paid for in each
    agent's context, and they tell nothing the names do not."""
    out = {k: v for k, v in schema.items() if k != "title"}
    if isinstance(out.get("properties"), dict):
        out["properties"] = {name: {k: v for k, v in prop.items() if k != "title"} if isinstance(prop, dict) else prop
                             for name, prop in out["properties"].items()}
    return out


def _invalid_arguments(exc: ValidationError) -> str:
    """Pydantic's report on a tool's arguments as one line per argument, without its
    links and type codes."""
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'arguments'!r}: {e['msg']}" for e in exc.errors()]
    return f"invalid params: {'; '.join(parts)} (lode error {InvalidParams.rpc_code})"
