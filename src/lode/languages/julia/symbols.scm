; lode's symbol query for Julia (see lode/languages/symbolrules.py).
(module_definition name: (identifier) @name) @def.module
(struct_definition (type_head [(identifier) @name (parametrized_type_expression . (identifier) @name)
  (binary_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)])])) @def.struct
(abstract_definition (type_head [(identifier) @name (binary_expression . (identifier) @name)])) @def.type
(function_definition (signature (call_expression . (identifier) @name))) @def.function
(function_definition (signature (typed_expression . (call_expression . (identifier) @name)))) @def.function
(function_definition (signature (where_expression . (call_expression . (identifier) @name)))) @def.function
(function_definition (signature (where_expression . (typed_expression . (call_expression . (identifier) @name))))) @def.function
(macro_definition (signature (call_expression . (identifier) @name))) @def.macro
(source_file (assignment . (call_expression . (identifier) @name) (operator)) @def.function)
(source_file (assignment . (where_expression . (call_expression . (identifier) @name)) (operator)) @def.function)
(source_file (assignment . (typed_expression . (call_expression . (identifier) @name)) (operator)) @def.function)
(source_file (assignment . (where_expression . (typed_expression . (call_expression . (identifier) @name))) (operator)) @def.function)
(module_definition (assignment . (call_expression . (identifier) @name) (operator)) @def.function)
(module_definition (assignment . (where_expression . (call_expression . (identifier) @name)) (operator)) @def.function)
(module_definition (assignment . (typed_expression . (call_expression . (identifier) @name)) (operator)) @def.function)
(module_definition (assignment . (where_expression . (typed_expression . (call_expression . (identifier) @name))) (operator)) @def.function)
(macro_argument_list (assignment . (call_expression . (identifier) @name) (operator)) @def.function)
(macro_argument_list (assignment . (where_expression . (call_expression . (identifier) @name)) (operator)) @def.function)
(macro_argument_list (assignment . (typed_expression . (call_expression . (identifier) @name)) (operator)) @def.function)
(macro_argument_list (assignment . (where_expression . (typed_expression . (call_expression . (identifier) @name))) (operator)) @def.function)
(module_definition (const_statement (assignment . (identifier) @name)) @def.constant)

(call_expression . (identifier) @ref.local)
