; lode's symbol query for TypeScript and TSX (see lode/languages/symbolrules.py).
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(function_signature name: (identifier) @name) @def.function
(class_declaration name: (type_identifier) @name) @def.class
(abstract_class_declaration name: (type_identifier) @name) @def.class
(interface_declaration name: (type_identifier) @name) @def.interface
(type_alias_declaration name: (type_identifier) @name) @def.type
(enum_declaration name: (identifier) @name) @def.enum
; a generic's type parameter (`class Box<T>`, `function f<T>(x: T)`): never indexed, and no
; reference as a type inside the declaration around it (symbolrules.type_parameters)
(type_parameter name: (type_identifier) @name) @def.type_parameter
(internal_module name: (identifier) @name) @def.namespace
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @def.method
(abstract_method_signature name: (property_identifier) @name) @def.method
(method_signature name: (property_identifier) @name) @def.method
; an interface's construct and call signatures (`new (host: string): Client`, `(req:
; Request): Response`) are its members `new` and `call`, methods: the first is named by
; its keyword, the second by nothing written (resolver.py's keep names it `call`; JS
; calls it so through `h.call(…)`)
(construct_signature "new" @name) @def.method
(call_signature (formal_parameters "(" @name)) @def.call_signature
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @def.property
(property_signature name: (property_identifier) @name) @def.property
; a constructor's parameter property (`constructor(private readonly client: Client)`): a
; property of the class (symbolrules.constructor_members)
(required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @name) @def.property
(optional_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @name) @def.property
; a function's parameters and the names it declares are values of that function
; (symbols.py scopes them as type parameters, as values only, over the function around
; them): `function f(url: any) { url.build() }` beside a top-level `function url()` is no
; use of that `url`. Each is its name node alone, holding no definition (the members of
; a parameter's type, an object's methods in a local's value stay as they were); after
; the parameter properties above, which keep their names
([(required_parameter pattern: [(identifier) @name @def.local (rest_pattern (identifier) @name @def.local)
   (object_pattern [(shorthand_property_identifier_pattern) @name @def.local
                    (pair_pattern value: (identifier) @name @def.local)])])
  (optional_parameter pattern: (identifier) @name @def.local)])
(arrow_function parameter: (identifier) @name @def.local)
([(statement_block [(lexical_declaration (variable_declarator name: (identifier) @name @def.local))
                   (variable_declaration (variable_declarator name: (identifier) @name @def.local))])
  (switch_case [(lexical_declaration (variable_declarator name: (identifier) @name @def.local))
                (variable_declaration (variable_declarator name: (identifier) @name @def.local))])
  (switch_default [(lexical_declaration (variable_declarator name: (identifier) @name @def.local))
                   (variable_declaration (variable_declarator name: (identifier) @name @def.local))])])
; a `catch (e)` binding: a name of its catch clause alone (symbols.py)
(catch_clause parameter: (identifier) @name @def.local)
(for_in_statement left: (identifier) @name @def.local)
; `for (let i = 0; …)`: a name of the loop (a `var` one of the function, symbols.py)
(for_statement initializer: [(lexical_declaration (variable_declarator name: (identifier) @name @def.local))
                             (variable_declaration (variable_declarator name: (identifier) @name @def.local))])
(program (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @def.variable))
; a declaration's two forms are alternatives under one node: each pattern rooted at the
; program is a query state carried over every node of the file (alternatives of the
; program's own children measured dearer than separate patterns)
(program (export_statement declaration: [(lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)
                                         (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)]))
(program (ambient_declaration [(lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)
                               (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)]))

(import_statement) @import
(export_statement source: (_)) @import
(program (export_statement (export_clause) !source) @import)

(class_declaration name: (_) @rel.owner (class_heritage (extends_clause value: (_) @rel.extends)))
(class_declaration name: (_) @rel.owner (class_heritage (implements_clause (_) @rel.implements)))
(abstract_class_declaration name: (_) @rel.owner (class_heritage (extends_clause value: (_) @rel.extends)))
(abstract_class_declaration name: (_) @rel.owner (class_heritage (implements_clause (_) @rel.implements)))
(interface_declaration name: (_) @rel.owner (extends_type_clause type: (_) @rel.extends))

; a name's member is captured with it, as Python's query does (see there)
(member_expression object: (identifier) @ref.base property: _ @ref.member)
(member_expression object: (identifier) @ref.base !property)
(nested_type_identifier module: (identifier) @ref.base name: _ @ref.member)
(nested_type_identifier module: (identifier) @ref.base !name)
(call_expression function: (identifier) @ref.local)
(new_expression constructor: (identifier) @ref.local)

; what the tree says about types (lode/symbols/typed.py)
(required_parameter pattern: (identifier) @var.name type: (type_annotation) @var.type)
(optional_parameter pattern: (identifier) @var.name type: (type_annotation) @var.type)
(required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @field.name type: (type_annotation) @field.type)
(optional_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @field.name type: (type_annotation) @field.type)
(variable_declarator name: (identifier) @var.name type: (type_annotation) @var.type)
(variable_declarator name: (identifier) @var.name value: (new_expression constructor: (_) @var.type))
(variable_declarator name: (identifier) @var.name !type value: (call_expression function: (_) @var.call))
(public_field_definition name: (property_identifier) @field.name type: (type_annotation) @field.type)
(public_field_definition name: (property_identifier) @field.name value: (new_expression constructor: (_) @field.type))
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @field.name)
  right: (new_expression constructor: (_) @field.type))
; a value of a known type handed on (`this.client = client` with `client: Client`,
; `const client = this.client`): typed.py reads its type
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @field.name)
  right: [(identifier) (member_expression)] @field.value)
(variable_declarator name: (identifier) @var.name !type value: [(identifier) (member_expression)] @var.value)
(method_definition name: (property_identifier) @ret.owner return_type: (type_annotation) @ret.type)
(function_declaration name: (identifier) @ret.owner return_type: (type_annotation) @ret.type)
(member_expression object: [(this) (super)] @ref.base property: _ @ref.member)
(member_expression object: [(this) (super)] @ref.base !property)
(member_expression object: [(member_expression) (call_expression)] @ref.base)
(type_annotation (type_identifier) @ref.local)
(type_arguments (type_identifier) @ref.local)
; a type anywhere a type is written, not only directly after a colon: a constraint or
; default of a type parameter (`<K extends Keyed = Keyed>`), an array's element
; (`Priced[]`), a generic's own name (`Shelf<Keyed>`), a member of a union or intersection
(constraint (type_identifier) @ref.local)
(default_type (type_identifier) @ref.local)
(array_type (type_identifier) @ref.local)
(generic_type name: (type_identifier) @ref.local)
(union_type (type_identifier) @ref.local)
(intersection_type (type_identifier) @ref.local)
