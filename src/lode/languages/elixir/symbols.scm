; lode's symbol query for Elixir (see lode/languages/symbolrules.py).
(call target: (identifier) @_kw (arguments . (alias) @name)
  (#eq? @_kw "defmodule")) @def.defmodule
(call target: (identifier) @_kw (arguments . (alias) @name)
  (#eq? @_kw "defprotocol")) @def.protocol
(call target: (identifier) @_kw (arguments . (alias) @impl.type)
  (#eq? @_kw "defimpl")) @def.impl
(call
  target: (identifier) @_kw
  (arguments . [
    (identifier) @name
    (call target: (identifier) @name)
    (binary_operator left: (call target: (identifier) @name) operator: "when")])
  (#any-of? @_kw "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")) @def.function

; a module's types (`@type t :: …`, `@typep`, `@opaque`) and a behaviour's callbacks
; (`@callback call(Conn.t(), opts) :: Conn.t()`): `Plug.Conn.t`, `Plug.call`
(unary_operator operand: (call target: (identifier) @_kw
  (arguments . (binary_operator left: [(identifier) @name (call target: (identifier) @name)])))
  (#any-of? @_kw "type" "typep" "opaque")) @def.type
(unary_operator operand: (call target: (identifier) @_kw (arguments . [
    (binary_operator left: (call target: (identifier) @name))
    (binary_operator left: (binary_operator left: (call target: (identifier) @name)))]))  ; `… when opts: term`
  (#any-of? @_kw "callback" "macrocallback")) @def.callback

(call target: (dot left: (alias) @ref.base right: (identifier) @ref.member))

(call target: (identifier) @_kw (arguments . (alias) @import.path .) (#eq? @_kw "alias")) @import
(call target: (identifier) @_kw (arguments . (alias) @import.path (keywords (pair value: (alias) @import.alias)))
  (#eq? @_kw "alias")) @import
