; lode's additions to the OCaml tags query: values that are not functions, exceptions,
; and the value specifications of signatures and interfaces.
(let_binding pattern: (value_name) @name) @definition.value
(exception_definition (constructor_declaration (constructor_name) @name)) @definition.exception
(value_specification (value_name) @name) @definition.value
(external (value_name) @name) @definition.function
