; lode's symbol query for C (see lode/languages/symbolrules.py and c/resolver.py).
; Definitions. A function's declarator may sit under pointers (`char *f(void)`).
(function_definition declarator: [
  (function_declarator declarator: (identifier) @name)
  (pointer_declarator declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))])]) @def.function
; prototypes (a header's, or a forward declaration; dropped when the file has the body)
(declaration declarator: [
  (function_declarator declarator: (identifier) @name)
  (pointer_declarator declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))])]) @def.declaration
(struct_specifier name: (type_identifier) @name body: (_)) @def.struct
(union_specifier name: (type_identifier) @name body: (_)) @def.union
; an enum's node is its name: its enumerators are global names, not the enum's
(enum_specifier name: (type_identifier) @name @def.enum body: (_))
(enumerator name: (identifier) @name @def.enumerator)
; a typedef's node is its name, so the struct it may define is not inside it
(type_definition declarator: [
  (type_identifier) @name
  (pointer_declarator declarator: (type_identifier) @name)
  (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))] @def.typedef)
(preproc_def name: (identifier) @name) @def.macro
(preproc_function_def name: (identifier) @name) @def.macro
; file-level variables (inside a function they are locals: not indexed)
(declaration declarator: [
  (identifier) @name
  (init_declarator declarator: (identifier) @name)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))
  (init_declarator declarator: (array_declarator declarator: (identifier) @name))
  (pointer_declarator declarator: (identifier) @name)
  (array_declarator declarator: (identifier) @name)]) @def.variable
(field_declaration declarator: [
  (field_identifier) @name
  (pointer_declarator declarator: (field_identifier) @name)
  (array_declarator declarator: (field_identifier) @name)]) @def.field

; References: calls (functions and function-like macros), types, names passed along.
(call_expression function: (identifier) @ref.local)
(type_identifier) @ref.local
(argument_list (identifier) @ref.value)
