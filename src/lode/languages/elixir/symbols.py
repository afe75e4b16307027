"""Elixir symbol rules: `defmodule` names are complete as written and nest
(`defmodule Status` inside `Shop.Conn` is `Shop.Conn.Status`); functions, macros and
guards are named under their module; `defimpl` opens its protocol's scope."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("elixir", "symbols.scm"),
    scopes=frozenset({"defmodule", "protocol", "impl"}),
    locals=frozenset({"function"}),
    callables=frozenset({"function"}),
    types=frozenset(),  # a module's functions are functions, not methods
    # `@type params` or `@callback init` beside `def params`, `def init`: the function's
    yields_to=(("function", "type"), ("function", "callback")),
    path_modules=False,
    markers=("mix.exs",),
    test_markers=("/test/", "_test.exs"),
)
