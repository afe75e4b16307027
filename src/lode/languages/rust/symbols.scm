; lode's symbol query for Rust (see lode/languages/symbolrules.py for the capture names).
(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function
(struct_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(union_item name: (type_identifier) @name) @def.union
(trait_item name: (type_identifier) @name) @def.trait
(type_item name: (type_identifier) @name) @def.type
(associated_type name: (type_identifier) @name) @def.type
(mod_item name: (identifier) @name body: (declaration_list)) @def.module
(macro_definition name: (identifier) @name) @def.macro
(const_item name: (identifier) @name) @def.constant
(static_item name: (identifier) @name) @def.static
(enum_variant name: (identifier) @name) @def.variant
(impl_item type: (_) @impl.type) @def.impl

(use_declaration) @import
(extern_crate_declaration) @import
(mod_item name: (identifier) !body) @import

(impl_item trait: (_) @rel.implements) @rel.owner
(trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @rel.extends)) @rel.owner

(call_expression function: (scoped_identifier) @ref.path)
(scoped_type_identifier) @ref.path
(call_expression function: (identifier) @ref.local)
(macro_invocation macro: (identifier) @ref.local)
