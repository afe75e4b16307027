; Zig ships no tags query; this is lode's. A file is a container; `const X = struct {…}`
; declares a type. Earlier patterns win for the same node.
(struct_declaration (function_declaration name: (identifier) @name) @definition.method)
(union_declaration (function_declaration name: (identifier) @name) @definition.method)
(enum_declaration (function_declaration name: (identifier) @name) @definition.method)
(opaque_declaration (function_declaration name: (identifier) @name) @definition.method)
(function_declaration name: (identifier) @name) @definition.function
(variable_declaration (identifier) @name (struct_declaration)) @definition.struct
(variable_declaration (identifier) @name (union_declaration)) @definition.union
(variable_declaration (identifier) @name (enum_declaration)) @definition.enum
(variable_declaration (identifier) @name (opaque_declaration)) @definition.opaque
(variable_declaration (identifier) @name (error_set_declaration)) @definition.error_set
(source_file (variable_declaration (identifier) @name) @definition.constant)
(struct_declaration (variable_declaration (identifier) @name) @definition.constant)
(test_declaration (string (string_content) @name)) @definition.test
(test_declaration (identifier) @name) @definition.test
