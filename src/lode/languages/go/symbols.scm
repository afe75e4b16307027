; lode's symbol query for Go (see lode/languages/symbolrules.py for the capture names).
(function_declaration name: (identifier) @name) @def.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: [
    (type_identifier) @receiver
    (pointer_type (type_identifier) @receiver)
    (generic_type type: (type_identifier) @receiver)
    (pointer_type (generic_type type: (type_identifier) @receiver))]))
  name: (field_identifier) @name) @def.method
(type_spec type: (interface_type (method_elem name: (field_identifier) @name) @def.method))
(type_spec name: (type_identifier) @name type: (struct_type)) @def.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @def.interface
(type_spec name: (type_identifier) @name) @def.type
(type_alias name: (type_identifier) @name) @def.type
(source_file (const_declaration (const_spec name: (identifier) @name) @def.const))
(source_file (var_declaration (var_spec name: (identifier) @name) @def.var))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @def.var)))

(import_spec) @import

(type_spec name: (type_identifier) @rel.owner
  type: (interface_type (method_elem name: (field_identifier) @rel.requires)))
(type_spec name: (type_identifier) @rel.owner
  type: (interface_type (type_elem [(type_identifier) (qualified_type)] @rel.embeds)))

(selector_expression operand: (identifier) @ref.base)
(qualified_type package: (package_identifier) @ref.base)
(call_expression function: (identifier) @ref.local)
(composite_literal type: (type_identifier) @ref.local)
