; lode's symbol query for Zig (see lode/languages/symbolrules.py). A file is a container.
(function_declaration name: (identifier) @name) @def.function
(variable_declaration (identifier) @name (struct_declaration)) @def.struct
(variable_declaration (identifier) @name (union_declaration)) @def.union
(variable_declaration (identifier) @name (enum_declaration)) @def.enum
(variable_declaration (identifier) @name (opaque_declaration)) @def.opaque
(variable_declaration (identifier) @name (error_set_declaration)) @def.error_set
(source_file (variable_declaration (identifier) @name) @def.constant)
(struct_declaration (variable_declaration (identifier) @name) @def.constant)
(union_declaration (variable_declaration (identifier) @name) @def.constant)
(enum_declaration (variable_declaration (identifier) @name) @def.constant)
(opaque_declaration (variable_declaration (identifier) @name) @def.constant)

(variable_declaration (identifier) [(builtin_function) (field_expression)]) @import

((field_expression object: (identifier) @ref.base) (#not-eq? @ref.base "self"))
(call_expression function: (identifier) @ref.local)
