; lode's symbol query for JavaScript (see lode/languages/symbolrules.py).
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (identifier) @name) @def.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @def.method
(field_definition property: [(property_identifier) (private_property_identifier)] @name) @def.property
; a function's parameters and the names it declares are values of that function
; (symbols.py scopes them as type parameters, over the function around them):
; `function f(url) { url.build() }` beside a top-level `function url()` is no use of
; that `url`. Each is its name node alone, holding no definition (an object's methods in
; a local's value stay as they were)
(formal_parameters [(identifier) @name @def.local (rest_pattern (identifier) @name @def.local)
  (assignment_pattern left: (identifier) @name @def.local)
  (object_pattern [(shorthand_property_identifier_pattern) @name @def.local
                   (pair_pattern value: (identifier) @name @def.local)])])
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
; program is a query state carried over every node of the file
(program (export_statement declaration: [(lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)
                                         (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)]))

(import_statement) @import
(export_statement source: (_)) @import
(program (export_statement (export_clause) !source) @import)

(class_declaration name: (_) @rel.owner (class_heritage (_) @rel.extends))

; a name's member is captured with it, as Python's query does (see there)
(member_expression object: (identifier) @ref.base property: _ @ref.member)
(member_expression object: (identifier) @ref.base !property)
(call_expression function: (identifier) @ref.local)
(new_expression constructor: (identifier) @ref.local)

; what the tree says about types (lode/symbols/typed.py): instances built with `new`
(variable_declarator name: (identifier) @var.name value: (new_expression constructor: (_) @var.type))
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @field.name)
  right: (new_expression constructor: (_) @field.type))
; a value of a known type handed on (`this.client = client` with `client: Client`,
; `const client = this.client`): typed.py reads its type
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @field.name)
  right: [(identifier) (member_expression)] @field.value)
(variable_declarator name: (identifier) @var.name value: [(identifier) (member_expression)] @var.value)
(field_definition property: (property_identifier) @field.name value: (new_expression constructor: (_) @field.type))
(member_expression object: [(this) (super)] @ref.base property: _ @ref.member)
(member_expression object: [(this) (super)] @ref.base !property)
(member_expression object: [(member_expression) (call_expression)] @ref.base)
