"""The method table: JSON-RPC methods registered by decorator, params bound by position
(array) or by name (object) against the handler's signature, and checked against its
annotations so a bad argument is refused with -32602 naming the parameter.

A handler is ``def handler(ctx, a: str, b: int = 3) -> result``; ``ctx`` is whatever the
caller of :meth:`MethodTable.call` passes (the daemon's :class:`~.handlers.Context`).
"""

from __future__ import annotations

import inspect
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import InvalidParams
from .protocol import MethodNotFound


class _Required:
    """Default marking a parameter required even though an optional one precedes it
    (``search.query(workspace, query, options)`` keeps its documented positional order)."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


@dataclass(frozen=True)
class Method:
    name: str
    func: Callable[..., Any]
    params: tuple[inspect.Parameter, ...]
    hints: dict[str, Any]
    writes: bool

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.func.__doc__ or "")

    def describe(self) -> dict:
        """Name, summary and parameters (for ``sys.capabilities`` and documentation)."""
        out = []
        for p in self.params:
            entry = {"name": p.name, "type": type_name(self.hints.get(p.name, Any))}
            if p.default is inspect.Parameter.empty or p.default is REQUIRED:
                entry["required"] = True
            else:
                entry["default"] = p.default
            out.append(entry)
        return {"name": self.name, "summary": self.doc.split("\n\n")[0], "params": out}


class MethodTable:
    def __init__(self) -> None:
        self._methods: dict[str, Method] = {}

    def method(self, name: str, *, writes: bool = False):
        """Register the decorated function as JSON-RPC method ``name``. ``writes`` marks
        methods that change the store; the daemon serialises those."""

        def register(func: Callable[..., Any]) -> Callable[..., Any]:
            if name in self._methods:
                raise ValueError(f"method {name} registered twice")
            sig = inspect.signature(func)
            params = tuple(sig.parameters.values())[1:]  # the first is ctx
            for p in params:
                if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
                    raise TypeError(f"{name}: parameter {p.name} must be named")
            hints = typing.get_type_hints(func)
            hints.pop("return", None)
            self._methods[name] = Method(name, func, params, hints, writes)
            return func

        return register

    def __contains__(self, name: str) -> bool:
        return name in self._methods

    def __iter__(self):
        return iter(sorted(self._methods.values(), key=lambda m: m.name))

    def get(self, name: str) -> Method:
        try:
            return self._methods[name]
        except KeyError:
            raise MethodNotFound(f"method not found: {name}",
                                 data={"method": name}) from None

    def bind(self, method: Method, params: list | dict) -> dict[str, Any]:
        """Keyword arguments for ``method`` from JSON-RPC ``params``; -32602 on a mismatch."""
        names = [p.name for p in method.params]
        if isinstance(params, list):
            positional = [p for p in method.params if p.kind == p.POSITIONAL_OR_KEYWORD]
            if len(params) > len(positional):
                raise InvalidParams(
                    f"invalid params: {method.name} takes at most {len(positional)} "
                    f"positional parameters ({', '.join(p.name for p in positional)}), "
                    f"got {len(params)}", data={"method": method.name})
            given = {p.name: v for p, v in zip(positional, params)}
        else:
            unknown = sorted(set(params) - set(names))
            if unknown:
                raise InvalidParams(
                    f"invalid params: unknown parameter '{unknown[0]}' for {method.name} "
                    f"(accepted: {', '.join(names) or 'none'})",
                    data={"method": method.name, "param": unknown[0]})
            given = dict(params)
        for p in method.params:
            if p.name not in given:
                if p.default is inspect.Parameter.empty or p.default is REQUIRED:
                    raise InvalidParams(f"invalid params: missing required parameter "
                                        f"'{p.name}' for {method.name}",
                                        data={"method": method.name, "param": p.name})
                continue
            hint = method.hints.get(p.name, Any)
            if not matches(given[p.name], hint):
                raise InvalidParams(
                    f"invalid params: '{p.name}' must be {type_name(hint)}, "
                    f"got {json_type(given[p.name])}",
                    data={"method": method.name, "param": p.name})
        return given

    def call(self, ctx: Any, name: str, params: list | dict | None = None) -> Any:
        method = self.get(name)
        return method.func(ctx, **self.bind(method, params if params is not None else {}))


def matches(value: Any, hint: Any) -> bool:
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(matches(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is list or hint is list:
        if not isinstance(value, list):
            return False
        args = typing.get_args(hint)
        return not args or all(matches(v, args[0]) for v in value)
    if origin is dict or hint is dict:
        return isinstance(value, dict)
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    return True


def type_name(hint: Any) -> str:
    if hint is Any:
        return "any value"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_name(h) for h in typing.get_args(hint))
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(hint))
    if origin is list or hint is list:
        args = typing.get_args(hint)
        return f"an array of {type_name(args[0])}s" if args else "an array"
    return {str: "a string", int: "an integer", float: "a number", bool: "a boolean",
            dict: "an object", type(None): "null"}.get(hint, getattr(hint, "__name__", str(hint)))


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
            dict: "object"}.get(type(value), type(value).__name__)
