; lode's symbol query for Java (see lode/languages/symbolrules.py). A field is its declarator:
; `int a, b;` defines two.
(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(record_declaration name: (identifier) @name) @def.record
(annotation_type_declaration name: (identifier) @name) @def.annotation
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.constructor
(compact_constructor_declaration name: (identifier) @name) @def.constructor
(annotation_type_element_declaration name: (identifier) @name) @def.method
(field_declaration declarator: (variable_declarator name: (identifier) @name) @def.field)
(constant_declaration declarator: (variable_declarator name: (identifier) @name) @def.field)
(enum_constant name: (identifier) @name) @def.constant
; a generic's type parameter (`class Box<T>`, `<T> T first(List<T> xs)`): never indexed, and
; no reference inside the class or method declaring it (symbolrules.type_parameters)
(type_parameter (type_identifier) @name) @def.type_parameter

(class_declaration name: (_) @rel.owner superclass: (superclass [(type_identifier) (scoped_type_identifier)] @rel.extends))
(class_declaration name: (_) @rel.owner superclass: (superclass (generic_type [(type_identifier) (scoped_type_identifier)] @rel.extends)))
(class_declaration name: (_) @rel.owner interfaces: (super_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @rel.implements)))
(class_declaration name: (_) @rel.owner interfaces: (super_interfaces (type_list (generic_type [(type_identifier) (scoped_type_identifier)] @rel.implements))))
(enum_declaration name: (_) @rel.owner interfaces: (super_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @rel.implements)))
(enum_declaration name: (_) @rel.owner interfaces: (super_interfaces (type_list (generic_type [(type_identifier) (scoped_type_identifier)] @rel.implements))))
(record_declaration name: (_) @rel.owner interfaces: (super_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @rel.implements)))
(record_declaration name: (_) @rel.owner interfaces: (super_interfaces (type_list (generic_type [(type_identifier) (scoped_type_identifier)] @rel.implements))))
(interface_declaration name: (_) @rel.owner (extends_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @rel.extends)))
(interface_declaration name: (_) @rel.owner (extends_interfaces (type_list (generic_type [(type_identifier) (scoped_type_identifier)] @rel.extends))))

(import_declaration (scoped_identifier) @import.path) @import

(method_invocation object: [(identifier) (field_access)] @ref.base name: (identifier) @ref.member)
(method_invocation object: (object_creation_expression type: (_) @ref.base) name: (identifier) @ref.member)
(field_access object: (identifier) @ref.base field: (identifier) @ref.member)
(method_invocation !object name: (identifier) @ref.local)
(type_identifier) @ref.local
(scoped_type_identifier . (type_identifier) @ref.base . (type_identifier) @ref.member)

(local_variable_declaration type: (_) @var.type declarator: (variable_declarator name: (identifier) @var.name))
(formal_parameter type: (_) @var.type name: (identifier) @var.name)
(field_declaration type: (_) @field.type declarator: (variable_declarator name: (identifier) @field.name))
(method_declaration type: (_) @ret.type name: (identifier) @ret.owner)
