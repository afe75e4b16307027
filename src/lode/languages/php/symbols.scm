; lode's symbol query for PHP (see lode/languages/symbolrules.py). A constant and a
; property are their element: `const A = 1, B = 2;` defines two. A variable is a
; `variable_name` (`$x`, read with its `$`; SymbolRules.variable_nodes).
(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(trait_declaration name: (name) @name) @def.trait
(enum_declaration name: (name) @name) @def.enum
(method_declaration name: (name) @name) @def.method
(function_definition name: (name) @name) @def.function
(const_declaration (const_element (name) @name) @def.constant)
(property_declaration (property_element name: (variable_name (name) @name)) @def.property)
(property_promotion_parameter name: (variable_name (name) @name)) @def.property
(enum_case name: (name) @name) @def.case

(class_declaration name: (_) @rel.owner (base_clause [(name) (qualified_name)] @rel.extends))
(class_declaration name: (_) @rel.owner (class_interface_clause [(name) (qualified_name)] @rel.implements))
(interface_declaration name: (_) @rel.owner (base_clause [(name) (qualified_name)] @rel.extends))
(enum_declaration name: (_) @rel.owner (class_interface_clause [(name) (qualified_name)] @rel.implements))
(class_declaration name: (_) @rel.owner body: (declaration_list (use_declaration [(name) (qualified_name)] @rel.extends)))
(trait_declaration name: (_) @rel.owner body: (declaration_list (use_declaration [(name) (qualified_name)] @rel.extends)))
(enum_declaration name: (_) @rel.owner body: (enum_declaration_list (use_declaration [(name) (qualified_name)] @rel.extends)))

(namespace_use_declaration) @import

(member_call_expression object: (_) @ref.base name: (name) @ref.member)
(nullsafe_member_call_expression object: (_) @ref.base name: (name) @ref.member)
(member_access_expression object: (_) @ref.base name: (name) @ref.member)
(nullsafe_member_access_expression object: (_) @ref.base name: (name) @ref.member)
(scoped_call_expression scope: (name) @ref.base name: (name) @ref.member)
(scoped_call_expression scope: (relative_scope) @ref.base name: (name) @ref.member)
(class_constant_access_expression . (relative_scope) @ref.base . (name) @ref.member)
(class_constant_access_expression . (name) @ref.base . (name) @ref.member)
(function_call_expression function: [(name) (qualified_name)] @ref.local)
(scoped_call_expression scope: (qualified_name) @ref.local)
(class_constant_access_expression . (qualified_name) @ref.local)
(object_creation_expression [(name) (qualified_name)] @ref.local)
(named_type [(name) (qualified_name)] @ref.local)
(base_clause [(name) (qualified_name)] @ref.local)
(class_interface_clause [(name) (qualified_name)] @ref.local)
(use_declaration [(name) (qualified_name)] @ref.local)
(binary_expression operator: "instanceof" right: [(name) (qualified_name)] @ref.local)
(catch_clause type: (type_list (named_type [(name) (qualified_name)] @ref.local)))

(simple_parameter type: (_) @var.type name: (variable_name) @var.name)
(property_promotion_parameter type: (_) @var.type name: (variable_name) @var.name)
(assignment_expression left: (variable_name) @var.name right: (object_creation_expression [(name) (qualified_name)] @var.type))
(assignment_expression left: (variable_name) @var.name right: [(member_call_expression) (nullsafe_member_call_expression)] @var.call)
(property_declaration type: (_) @field.type (property_element name: (variable_name (name) @field.name)))
(property_promotion_parameter type: (_) @field.type name: (variable_name (name) @field.name))
(method_declaration name: (name) @ret.owner return_type: (_) @ret.type)
