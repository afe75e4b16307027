; lode's symbol query for C# (see lode/languages/symbolrules.py).
(namespace_declaration name: (_) @name) @def.namespace
(class_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name) @def.struct
(record_declaration name: (identifier) @name) @def.record
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(delegate_declaration name: (identifier) @name) @def.delegate
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.constructor
(property_declaration name: (identifier) @name) @def.property
(event_declaration name: (identifier) @name) @def.event
(declaration_list (field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field)
(enum_member_declaration name: (identifier) @name) @def.member
; a generic's type parameter (`class Box<T>`, `U First<U>()`): never indexed, and `new T()`
; inside the declaration is no reference (symbolrules.type_parameters)
(type_parameter name: (identifier) @name) @def.type_parameter

(class_declaration name: (_) @rel.owner (base_list [(identifier) (qualified_name)] @rel.extends))
(class_declaration name: (_) @rel.owner (base_list (generic_name (identifier) @rel.extends)))
(struct_declaration name: (_) @rel.owner (base_list [(identifier) (qualified_name)] @rel.extends))
(struct_declaration name: (_) @rel.owner (base_list (generic_name (identifier) @rel.extends)))
(record_declaration name: (_) @rel.owner (base_list [(identifier) (qualified_name)] @rel.extends))
(record_declaration name: (_) @rel.owner (base_list (generic_name (identifier) @rel.extends)))
(interface_declaration name: (_) @rel.owner (base_list [(identifier) (qualified_name)] @rel.extends))
(interface_declaration name: (_) @rel.owner (base_list (generic_name (identifier) @rel.extends)))

(member_access_expression expression: (identifier) @ref.base name: (identifier) @ref.member)
(object_creation_expression type: (identifier) @ref.local)
