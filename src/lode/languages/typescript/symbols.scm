; lode's symbol query for TypeScript and TSX (see lode/languages/symbolrules.py).
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(function_signature name: (identifier) @name) @def.function
(class_declaration name: (type_identifier) @name) @def.class
(abstract_class_declaration name: (type_identifier) @name) @def.class
(interface_declaration name: (type_identifier) @name) @def.interface
(type_alias_declaration name: (type_identifier) @name) @def.type
(enum_declaration name: (identifier) @name) @def.enum
(internal_module name: (identifier) @name) @def.namespace
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @def.method
(abstract_method_signature name: (property_identifier) @name) @def.method
(method_signature name: (property_identifier) @name) @def.method
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @def.property
(property_signature name: (property_identifier) @name) @def.property
(program (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)))
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)))
(program (ambient_declaration (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)))
(program (ambient_declaration (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)))

(import_statement) @import
(export_statement source: (_)) @import
(program (export_statement (export_clause) !source) @import)

(class_declaration name: (_) @rel.owner (class_heritage (extends_clause value: (_) @rel.extends)))
(class_declaration name: (_) @rel.owner (class_heritage (implements_clause (_) @rel.implements)))
(abstract_class_declaration name: (_) @rel.owner (class_heritage (extends_clause value: (_) @rel.extends)))
(abstract_class_declaration name: (_) @rel.owner (class_heritage (implements_clause (_) @rel.implements)))
(interface_declaration name: (_) @rel.owner (extends_type_clause type: (_) @rel.extends))

(member_expression object: (identifier) @ref.base)
(nested_type_identifier module: (identifier) @ref.base)
(call_expression function: (identifier) @ref.local)
(new_expression constructor: (identifier) @ref.local)
