; lode's additions to the Elixir tags query: protocol implementations, and ExUnit
; blocks named by their title.
(call
  target: (identifier) @_kw
  (arguments . (alias) @name)
  (#eq? @_kw "defimpl")) @definition.impl
(call
  target: (identifier) @_kw
  (arguments . (string (quoted_content) @name))
  (do_block)
  (#any-of? @_kw "describe" "test" "property")) @definition.test
