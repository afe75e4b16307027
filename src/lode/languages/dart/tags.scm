; lode's tags query for Dart. A function or method is its signature node; the chunker
; adds the `function_body` that follows it (a trailing sibling in this grammar).
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (identifier) @name) @definition.mixin
(extension_declaration name: (identifier) @name) @definition.extension
(enum_declaration name: (identifier) @name) @definition.enum
(type_alias (type_identifier) @name) @definition.type
(program (function_signature name: (identifier) @name) @definition.function)
(method_signature (function_signature name: (identifier) @name)) @definition.method
(method_signature (getter_signature name: (identifier) @name)) @definition.getter
(method_signature (setter_signature name: (identifier) @name)) @definition.setter
(method_signature (factory_constructor_signature (identifier) @name)) @definition.constructor
(method_signature (constructor_signature name: (identifier) @name)) @definition.constructor
(method_signature (operator_signature)) @definition.operator
(class_body (declaration (function_signature name: (identifier) @name)) @definition.method)
(class_body (declaration (constructor_signature name: (identifier) @name)) @definition.constructor)
(program (static_final_declaration_list (static_final_declaration (identifier) @name)) @definition.constant)
(program (initialized_identifier_list (initialized_identifier (identifier) @name)) @definition.variable)
