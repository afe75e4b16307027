; lode's symbol query for Lua (see lode/languages/symbolrules.py). `@receiver` names the
; table a function is stored in (like a Go receiver); the module table `M` is the module.
(function_declaration name: (identifier) @name) @def.function
(function_declaration name: (dot_index_expression table: (identifier) @_t field: (identifier) @name)
  (#eq? @_t "M")) @def.function
(function_declaration name: (dot_index_expression table: (identifier) @receiver field: (identifier) @name)
  (#not-eq? @receiver "M")) @def.function
; a table in a table (`function M.busted.run()`: the module's `busted.run`)
(function_declaration name: (dot_index_expression
    table: (dot_index_expression table: (identifier) @_t field: (identifier) @receiver) field: (identifier) @name)
  (#eq? @_t "M")) @def.function
(function_declaration name: (dot_index_expression
    table: (dot_index_expression table: (identifier) @_t) @receiver field: (identifier) @name)
  (#not-eq? @_t "M")) @def.function
(function_declaration name: (method_index_expression table: (identifier) @_t method: (identifier) @name)
  (#eq? @_t "M")) @def.method
(function_declaration name: (method_index_expression table: (identifier) @receiver method: (identifier) @name)
  (#not-eq? @receiver "M")) @def.method
(chunk (assignment_statement
  (variable_list . name: (dot_index_expression table: (identifier) @_t field: (identifier) @name))
  (expression_list . value: (function_definition))
  (#eq? @_t "M")) @def.function)
(chunk (assignment_statement
  (variable_list . name: (dot_index_expression table: (identifier) @receiver field: (identifier) @name))
  (expression_list . value: (function_definition))
  (#not-eq? @receiver "M")) @def.function)

(function_call name: (identifier) @ref.local)

(variable_declaration (assignment_statement
  (variable_list . name: (identifier) @import.alias)
  (expression_list . value: (function_call name: (identifier) @_req
    arguments: (arguments (string content: (string_content) @import.path)))))
  (#eq? @_req "require")) @import
(dot_index_expression table: (identifier) @ref.base field: (identifier) @ref.member)
(method_index_expression table: (identifier) @ref.base method: (identifier) @ref.member)
