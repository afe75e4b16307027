"""Errors with their JSON-RPC codes."""


class RpcError(Exception):
    code = -32603

    def to_dict(self) -> dict:
        return {"code": self.code, "message": str(self)}


class MethodNotFound(RpcError):
    code = -32601


class InvalidParams(RpcError):
    """The params do not fit the method's signature."""

    code = -32602
