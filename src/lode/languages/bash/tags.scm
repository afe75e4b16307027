; lode's tags query for shell scripts (the grammar wheel ships none).
(function_definition name: (word) @name) @definition.function
; bats: `@test "title" {` is a command to the grammar; the chunker runs the unit to the
; lone `}` that closes it (LanguageSpec.brace_blocks).
(command
  name: (command_name (word) @_kw)
  argument: [(string (string_content) @name) (raw_string) @name]
  argument: (word) @_open
  (#eq? @_kw "@test") (#eq? @_open "{")) @definition.test
