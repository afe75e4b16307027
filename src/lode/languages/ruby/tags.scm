; lode's additions to the Ruby tags query: spec blocks (RSpec, minitest/spec, and the
; title-taking `it`/`describe` of other spec DSLs) whose title is a string, a constant or a symbol
; and whose body is a block are units named by the title; nested blocks nest.
(call
  method: (identifier) @_fn
  arguments: (argument_list . [(string (string_content) @name) (constant) @name (scope_resolution) @name (simple_symbol) @name])
  block: [(do_block) (block)]
  (#any-of? @_fn "describe" "context" "it" "specify" "example" "feature" "scenario"
            "shared_examples" "shared_examples_for" "shared_context")) @definition.test
