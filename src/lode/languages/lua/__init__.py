"""Lua: the wheel's tags (`function M.f`, `local function f`, `M.f = function`,
functions in table constructors) plus lode's: methods `function T:m`, and the tables a
file builds at its top (`M.defaults = {…}`, `local M = {}`), whose functions nest."""

from ..spec import DEFAULT_WRAPPERS, LanguageSpec, grammar, module_query, own_query

SPEC = LanguageSpec(
    name="lua",
    extensions=(".lua",),
    grammar=grammar("tree_sitter_lua"),
    queries=(module_query("tree_sitter_lua"), own_query("lua")),
    # `local f = function … end`: the assignment is captured, the `local` belongs to it
    wrappers=DEFAULT_WRAPPERS | {"variable_declaration"},
)
