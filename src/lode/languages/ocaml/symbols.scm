; lode's symbol query for OCaml and OCaml interfaces (see lode/languages/symbolrules.py).
(module_binding (module_name) @name) @def.submodule
(module_type_definition (module_type_name) @name) @def.module_type
(class_binding (class_name) @name) @def.class
(method_definition (method_name) @name) @def.method
(type_binding name: (type_constructor) @name) @def.type
(let_binding pattern: (value_name) @name) @def.value
(value_specification (value_name) @name) @def.value
(external (value_name) @name) @def.value
(exception_definition (constructor_declaration (constructor_name) @name)) @def.exception

(application_expression function: (value_path . (value_name) @ref.local))
(value_path (module_path (module_name) @ref.base) (value_name) @ref.member)
