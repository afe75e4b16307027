; lode's additions to the Lua tags query: tables assigned at the top of a file.
(chunk (assignment_statement
  (variable_list . name: [(identifier) @name (dot_index_expression field: (identifier) @name)])
  (expression_list . value: (table_constructor))) @definition.table)
(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (table_constructor)))) @definition.table)
