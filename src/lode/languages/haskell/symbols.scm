; lode's symbol query for Haskell (see lode/languages/symbolrules.py). A function is
; located at its type signature when it has one (the first occurrence is kept). A data
; type's constructors and record fields are names of the module, not of the type
; (symbols.py: the type is a transparent scope).
(declarations (signature name: (variable) @name) @def.function)
(declarations (signature names: (binding_list name: (variable) @name)) @def.function)
(declarations (function name: (variable) @name) @def.function)
(declarations (bind name: (variable) @name) @def.function)
(declarations (data_type name: (name) @name) @def.type)
(declarations (newtype name: (name) @name) @def.type)
(declarations (type_synonym name: (name) @name) @def.type)
(declarations (type_family name: (name) @name) @def.type)
(declarations (data_family name: (name) @name) @def.type)
(declarations (class name: (name) @name) @def.class)
(class_declarations (signature name: (variable) @name) @def.method)
(data_constructor constructor: (prefix name: (constructor) @name) @def.constructor)
(data_constructor constructor: (record name: (constructor) @name) @def.constructor)
(newtype_constructor name: (constructor) @name) @def.constructor
(gadt_constructor name: (constructor) @name) @def.constructor
(gadt_constructor names: (binding_list name: (constructor) @name)) @def.constructor
; a record's fields are the module's functions (selectors): `price :: Item -> Int`
(field name: (field_name (variable) @name)) @def.field

(apply function: (variable) @ref.local)

(import module: (module) @import.path alias: (module) @import.alias) @import
(import module: (module) @import.path names: (import_list (import_name (variable) @import.name))) @import
(qualified module: (module . (module_id) @ref.base .) id: (variable) @ref.member)
