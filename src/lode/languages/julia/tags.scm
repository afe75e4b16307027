; lode's tags query for Julia (the grammar wheel ships none).
(module_definition name: (identifier) @name) @definition.module
(struct_definition (type_head (identifier) @name)) @definition.struct
(struct_definition (type_head (parametrized_type_expression . (identifier) @name))) @definition.struct
(struct_definition (type_head (binary_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)]))) @definition.struct
(abstract_definition (type_head (identifier) @name)) @definition.type
(abstract_definition (type_head (binary_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)]))) @definition.type
(primitive_definition (type_head (_) @name)) @definition.type
(function_definition (signature (call_expression . [(identifier) @name (field_expression (identifier) @name .)]))) @definition.function
(function_definition (signature (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])))) @definition.function
(function_definition (signature (where_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])))) @definition.function
(function_definition (signature (where_expression . (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)]))))) @definition.function
(function_definition (signature (identifier) @name)) @definition.function
(macro_definition (signature (call_expression . (identifier) @name))) @definition.macro
; short-form methods `f(x) = …`, `Base.f(x)::T where T = …`, also behind a macro (`@inline`)
(source_file (assignment . (call_expression . [(identifier) @name (field_expression (identifier) @name .)]) (operator)) @definition.function)
(source_file (assignment . (where_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])) (operator)) @definition.function)
(source_file (assignment . (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])) (operator)) @definition.function)
(source_file (assignment . (where_expression . (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)]))) (operator)) @definition.function)
(module_definition (assignment . (call_expression . [(identifier) @name (field_expression (identifier) @name .)]) (operator)) @definition.function)
(module_definition (assignment . (where_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])) (operator)) @definition.function)
(module_definition (assignment . (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])) (operator)) @definition.function)
(module_definition (assignment . (where_expression . (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)]))) (operator)) @definition.function)
(macro_argument_list (assignment . (call_expression . [(identifier) @name (field_expression (identifier) @name .)]) (operator)) @definition.function)
(macro_argument_list (assignment . (where_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])) (operator)) @definition.function)
(macro_argument_list (assignment . (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)])) (operator)) @definition.function)
(macro_argument_list (assignment . (where_expression . (typed_expression . (call_expression . [(identifier) @name (field_expression (identifier) @name .)]))) (operator)) @definition.function)
(source_file (const_statement (assignment . (identifier) @name)) @definition.constant)
(module_definition (const_statement (assignment . (identifier) @name)) @definition.constant)
