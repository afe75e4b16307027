; lode's symbol query for Go (see lode/languages/symbolrules.py for the capture names).
; Forms of one construct are alternatives of one pattern where that measured cheaper:
; tree-sitter carries a state per pattern from each node of the pattern's root type, and
; the two top-level var patterns were two states over every node of a file. A capture
; goes on each alternative (`[(a) @x (b) @x]`): one on a nested alternation
; (`[[(a) (b)] @x (c)]`) lost matches.
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
; a generic's type parameters (`func Map[T any]`, `type Set[K comparable]`, and a method's
; receiver `(s Set[K])` naming them again): never indexed, and no reference inside the
; declaration (symbolrules.type_parameters)
(type_parameter_declaration name: (identifier) @name) @def.type_parameter
(method_declaration receiver: (parameter_list (parameter_declaration type: [
  (generic_type type_arguments: (type_arguments (type_elem (type_identifier) @name) @def.type_parameter))
  (pointer_type (generic_type type_arguments: (type_arguments (type_elem (type_identifier) @name) @def.type_parameter)))])))
; var and const specs wherever they stand: rooted on source_file, each pattern kept a state
; alive over every node of a file; locals are dropped as locals, and GoResolver.keep drops
; a top-level one whose declaration is not the file's own child (a broken tree's ERROR node)
; (no `name:` field on the const's identifiers: with it, `X, Y = 1, 2` matched X alone; a
; const_spec stands only in a const_declaration, and rooted there a state was kept for each
; later spec of a block: the same matches, in the same order)
(const_spec (identifier) @name) @def.const
(var_declaration [(var_spec name: (identifier) @name) @def.var
                  (var_spec_list (var_spec name: (identifier) @name) @def.var)])

(import_spec) @import

(type_spec name: (type_identifier) @rel.owner
  type: (interface_type (method_elem name: (field_identifier) @rel.requires)))
(type_spec name: (type_identifier) @rel.owner
  type: (interface_type (type_elem [(type_identifier) (qualified_type)] @rel.embeds)))

; the member is captured with its base (no search for it from the base node); the
; `!field`/`!name` forms keep a member-less base (a broken tree) as before. A base that is
; a name, a member or a call is one pattern's alternatives: two patterns for them carried
; two more states over every selector_expression (the same matches, in the same order)
(selector_expression operand: [(identifier) (selector_expression) (call_expression)] @ref.base field: _ @ref.member)
(selector_expression operand: [(identifier) (selector_expression) (call_expression)] @ref.base !field)
(qualified_type package: (package_identifier) @ref.base name: _ @ref.member)
(qualified_type package: (package_identifier) @ref.base !name)
(call_expression function: (identifier) @ref.local)
; every type name, a composite literal's (`Server{}`) too
(type_identifier) @ref.local

; what the tree says about types (lode/symbols/typed.py): receivers, parameters,
; variables, struct fields and results
(parameter_declaration name: (identifier) @var.name type: (_) @var.type)
(var_spec name: (identifier) @var.name type: (_) @var.type)
(var_spec name: (identifier) @var.name !type value: (expression_list . (call_expression function: (_) @var.call)))
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . [(composite_literal) @var.type (unary_expression operand: (composite_literal)) @var.type
                             (call_expression function: (_) @var.call)]))
; a value of a known type handed on (`m := mx`, `db := s.db`): typed.py reads its type
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . [(identifier) (selector_expression)] @var.value .))
(field_declaration name: (field_identifier) @field.name type: (_) @field.type)
(method_declaration name: (field_identifier) @ret.owner
  result: [(type_identifier) (pointer_type) (qualified_type) (generic_type)] @ret.type)
(method_declaration name: (field_identifier) @ret.owner
  result: (parameter_list . (parameter_declaration type: (_) @ret.type)))
(function_declaration name: (identifier) @ret.owner
  result: [(type_identifier) (pointer_type) (qualified_type) (generic_type)] @ret.type)
; an interface's method states its result too (`NewLogEntry(r *http.Request) LogEntry`)
(method_elem name: (field_identifier) @ret.owner
  result: [(type_identifier) (pointer_type) (qualified_type) (generic_type)] @ret.type)
(method_elem name: (field_identifier) @ret.owner
  result: (parameter_list . (parameter_declaration type: (_) @ret.type)))
(function_declaration name: (identifier) @ret.owner
  result: (parameter_list . (parameter_declaration type: (_) @ret.type)))
(argument_list (identifier) @ref.value)
; a struct literal's key is a field's name (`Mux{methodNotAllowedHandler: h}` is no use of
; the function methodNotAllowedHandler); a map's, slice's or array's key is a value
(keyed_element value: (literal_element (identifier) @ref.value))
(composite_literal type: [(map_type) (slice_type) (array_type) (implicit_length_array_type)]
  body: (literal_value (keyed_element key: (literal_element (identifier) @ref.value))))
(return_statement (expression_list (identifier) @ref.value))
(field_declaration !name type: [(type_identifier) @field.name @field.type
                                 (pointer_type (type_identifier) @field.name @field.type)])

; a struct embedding another has its methods (promoted)
(type_spec name: (type_identifier) @rel.owner
  type: (struct_type (field_declaration_list (field_declaration !name type: [
    (type_identifier) @rel.embeds (qualified_type) @rel.embeds
    (pointer_type [(type_identifier) (qualified_type)] @rel.embeds)]))))
