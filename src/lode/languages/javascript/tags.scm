; lode's additions to the JavaScript tags query: constructors are methods too.
(method_definition name: (property_identifier) @name (#eq? @name "constructor")) @definition.method
; Top-level constants and variables are units too (a declarator whose value is a
; function is already a `function` above: the earlier pattern wins).
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant)))
(program (export_statement (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
; Test blocks (`describe`, `it`, `test`, … and their `.only`/`.skip` forms) whose title
; is followed by a function are units named by the title; nested blocks nest.
(expression_statement (call_expression
  function: [(identifier) @_fn (member_expression object: (identifier) @_fn)]
  arguments: (arguments . [(string (string_fragment) @name) (template_string (string_fragment) @name)]
                        . [(arrow_function) (function_expression)])
  (#any-of? @_fn "describe" "context" "suite" "it" "test" "specify" "bench"))) @definition.test
