; lode's symbol query for Swift (see lode/languages/symbolrules.py).
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @def.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @def.enum
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @def.actor
(class_declaration declaration_kind: "extension" name: (user_type (type_identifier) @impl.type)) @def.impl
(class_declaration declaration_kind: "class" name: (type_identifier) @name) @def.class
(protocol_declaration name: (type_identifier) @name) @def.protocol
(function_declaration name: (simple_identifier) @name) @def.function
(protocol_function_declaration name: (simple_identifier) @name) @def.function
(init_declaration "init" @name) @def.init
(typealias_declaration name: (type_identifier) @name) @def.typealias
(source_file (property_declaration name: (pattern (simple_identifier) @name)) @def.property)
(class_body (property_declaration name: (pattern (simple_identifier) @name)) @def.property)
(enum_class_body (property_declaration name: (pattern (simple_identifier) @name)) @def.property)
(protocol_property_declaration name: (pattern (simple_identifier) @name)) @def.property

(class_declaration name: (type_identifier) @rel.owner (inheritance_specifier inherits_from: (_) @rel.extends))
(protocol_declaration name: (type_identifier) @rel.owner (inheritance_specifier inherits_from: (_) @rel.extends))

(call_expression . (simple_identifier) @ref.local)
