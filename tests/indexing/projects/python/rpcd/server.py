"""Dispatching requests to registered methods."""

import json

from .errors import InvalidParams, MethodNotFound, RpcError


class Dispatcher:
    def __init__(self):
        self.methods = {}

    def register(self, name):
        def wrap(fn):
            self.methods[name] = fn
            return fn
        return wrap

    def dispatch_request(self, line: str) -> str:
        """Parse one request line, call its method, and encode the response."""
        request = json.loads(line)
        try:
            fn = self.methods.get(request["method"])
            if fn is None:
                raise MethodNotFound(request["method"])
            params = request.get("params", [])
            if not isinstance(params, (list, dict)):
                raise InvalidParams("params must be an array or an object")
            result = fn(*params) if isinstance(params, list) else fn(**params)
            return json.dumps({"jsonrpc": "2.0", "id": request.get("id"), "result": result})
        except RpcError as exc:
            return json.dumps({"jsonrpc": "2.0", "id": request.get("id"), "error": exc.to_dict()})
