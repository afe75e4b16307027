; lode's symbol query for Scala (see lode/languages/symbolrules.py).
(class_definition name: (identifier) @name) @def.class
(trait_definition name: (identifier) @name) @def.trait
(object_definition name: (identifier) @name) @def.object
(package_object name: (identifier) @name) @def.object
(enum_definition name: (identifier) @name) @def.enum
(function_definition name: (identifier) @name) @def.function
(function_declaration name: (identifier) @name) @def.function
(type_definition name: (type_identifier) @name) @def.type
(given_definition name: (identifier) @name) @def.given
(compilation_unit (val_definition pattern: (identifier) @name) @def.value)
(template_body (val_definition pattern: (identifier) @name) @def.value)
(template_body (val_declaration name: (identifier) @name) @def.value)

(class_definition name: (_) @rel.owner extend: (extends_clause type: [(type_identifier) (stable_type_identifier)] @rel.extends))
(class_definition name: (_) @rel.owner extend: (extends_clause type: (generic_type type: (_) @rel.extends)))
(trait_definition name: (_) @rel.owner extend: (extends_clause type: [(type_identifier) (stable_type_identifier)] @rel.extends))
(trait_definition name: (_) @rel.owner extend: (extends_clause type: (generic_type type: (_) @rel.extends)))
(object_definition name: (_) @rel.owner extend: (extends_clause type: [(type_identifier) (stable_type_identifier)] @rel.extends))
(object_definition name: (_) @rel.owner extend: (extends_clause type: (generic_type type: (_) @rel.extends)))

(call_expression function: (identifier) @ref.local)

(import_declaration path: (_) @import.path) @import
(import_declaration path: (_) @import.path (namespace_selectors (identifier) @import.name)) @import
(field_expression value: (identifier) @ref.base field: (identifier) @ref.member)
