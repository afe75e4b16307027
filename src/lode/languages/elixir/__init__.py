"""Elixir: the wheel's tags (defmodule, defprotocol, def/defp/defmacro/defguard/…) plus
lode's (defimpl, ExUnit `describe`/`test`). The clauses of one function are one unit;
`@doc`, `@spec` and other attributes directly above a def belong to it."""

from ..spec import DEFAULT_BODIES, LanguageSpec, grammar, own_query, wheel_query

SPEC = LanguageSpec(
    name="elixir",
    extensions=(".ex", ".exs"),
    grammar=grammar("tree_sitter_elixir"),
    # ours first: `defimpl` and tests are named by lode's patterns
    queries=(own_query("elixir"), wheel_query("tree_sitter_elixir", "queries/tags.scm")),
    attached=frozenset({"unary_operator"}),  # @doc, @spec, @impl, @decorate …
    doc_nodes=frozenset({"unary_operator"}),
    bodies=DEFAULT_BODIES | {"do_block"},
    merge_runs=frozenset({"function"}),
    max_depth=12,  # nested modules: source → call → do_block → call → …
)
