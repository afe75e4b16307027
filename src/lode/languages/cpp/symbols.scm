; lode's symbol query for C++ (see lode/languages/symbolrules.py and c/resolver.py).
(namespace_definition name: (namespace_identifier) @name) @def.namespace
; `namespace a::b {`: a scope named by the whole path, defining nothing
(namespace_definition name: (nested_namespace_specifier) @impl.type) @def.impl
(class_specifier name: (type_identifier) @name body: (_)) @def.class
(struct_specifier name: (type_identifier) @name body: (_)) @def.struct
(union_specifier name: (type_identifier) @name body: (_)) @def.union
; a class template's specialisation (`template <> struct formatter<point> { … }`) defines
; its template's name again and holds its members (`formatter.parse`)
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @def.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @def.struct
(union_specifier name: (template_type name: (type_identifier) @name) body: (_)) @def.union
; one written outside its namespace (`template <> struct std::hash<point> { … }`) opens
; the namespace's scope (first), then defines the template's name in it, as an
; out-of-line member does
([(class_specifier name: (qualified_identifier) @impl.type body: (_))
  (struct_specifier name: (qualified_identifier) @impl.type body: (_))]) @def.impl
(class_specifier name: (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]) body: (_)) @def.class
(struct_specifier name: (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]) body: (_)) @def.struct
; an `enum class` qualifies its enumerators; a plain enum's node is its name, so its
; enumerators belong to the scope around it
(enum_specifier "class" name: (type_identifier) @name body: (_)) @def.enum
(enum_specifier name: (type_identifier) @name @def.enum body: (_))
(enumerator name: (identifier) @name @def.enumerator)
; `void Foo::bar() {}`: the definition opens Foo's scope (first), then defines bar in it
(function_definition declarator: [
  (function_declarator declarator: (qualified_identifier) @impl.type)
  (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @impl.type))
  (reference_declarator (function_declarator declarator: (qualified_identifier) @impl.type))]) @def.impl
(function_definition declarator: [
  (function_declarator declarator: [
    (identifier) @name (field_identifier) @name (destructor_name) @name (operator_name) @name
    (qualified_identifier name: [(identifier) (destructor_name) (operator_name)] @name)
    (qualified_identifier name: (qualified_identifier name: [(identifier) (destructor_name) (operator_name)] @name))
    (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))])
  (pointer_declarator declarator: (function_declarator declarator: [
    (identifier) @name (field_identifier) @name (operator_name) @name
    (qualified_identifier name: [(identifier) (operator_name)] @name)
    (qualified_identifier name: (qualified_identifier name: (identifier) @name))]))
  (reference_declarator (function_declarator declarator: [
    (identifier) @name (field_identifier) @name (operator_name) @name
    (qualified_identifier name: [(identifier) (operator_name)] @name)
    (qualified_identifier name: (qualified_identifier name: (identifier) @name))]))]) @def.function
; declarations of functions and members (a header's prototype, `void run();` in a class):
; candidates behind the body, dropped when the same file holds it
(declaration declarator: [
  (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
  (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))
  (reference_declarator (function_declarator declarator: [(identifier) (field_identifier)] @name))]) @def.declaration
(field_declaration declarator: [
  (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
  (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))
  (reference_declarator (function_declarator declarator: [(identifier) (field_identifier)] @name))]) @def.declaration
(alias_declaration name: (type_identifier) @name) @def.alias
(type_definition declarator: [
  (type_identifier) @name
  (pointer_declarator declarator: (type_identifier) @name)] @def.typedef)
(preproc_def name: (identifier) @name) @def.macro
; a template's parameters (`template <typename T, int N>`): names local to the template,
; never indexed; c/resolver.py keeps their uses inside it from being references
(type_parameter_declaration (type_identifier) @name) @def.template_parameter
(optional_type_parameter_declaration name: (type_identifier) @name) @def.template_parameter
(variadic_type_parameter_declaration (type_identifier) @name) @def.template_parameter
(template_parameter_list (parameter_declaration declarator: (identifier) @name) @def.template_parameter)
(template_parameter_list (optional_parameter_declaration declarator: (identifier) @name) @def.template_parameter)
(preproc_function_def name: (identifier) @name) @def.macro
(declaration declarator: [
  (identifier) @name
  (init_declarator declarator: (identifier) @name)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))
  (pointer_declarator declarator: (identifier) @name)]) @def.variable
(field_declaration declarator: [
  (field_identifier) @name
  (pointer_declarator declarator: (field_identifier) @name)
  (reference_declarator (field_identifier) @name)
  (array_declarator declarator: (field_identifier) @name)]) @def.field

; base classes
(class_specifier name: (_) @rel.owner (base_class_clause [(type_identifier) (qualified_identifier)] @rel.extends))
(class_specifier name: (_) @rel.owner (base_class_clause (template_type name: (_) @rel.extends)))
(struct_specifier name: (_) @rel.owner (base_class_clause [(type_identifier) (qualified_identifier)] @rel.extends))
(struct_specifier name: (_) @rel.owner (base_class_clause (template_type name: (_) @rel.extends)))

; what the code states about types: parameters and variables declared with a class type
(parameter_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @var.type declarator: [
  (identifier) @var.name
  (pointer_declarator declarator: (identifier) @var.name)
  (reference_declarator (identifier) @var.name)])
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @var.type declarator: [
  (identifier) @var.name
  (init_declarator declarator: (identifier) @var.name)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @var.name))
  (init_declarator declarator: (reference_declarator (identifier) @var.name))])

; references: calls and types as written (resolved by c/resolver.py's `path`)
(call_expression function: [(identifier) (qualified_identifier)] @ref.path)
(call_expression function: (template_function name: (identifier) @ref.path))
(call_expression function: (field_expression argument: [(identifier) (this)] @ref.base field: (field_identifier) @ref.member))
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
(parameter_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
(optional_parameter_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
(field_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
(function_definition type: [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
(new_expression type: [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
(type_descriptor type: [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
(base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @ref.path)
