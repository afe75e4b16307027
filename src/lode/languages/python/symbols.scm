; lode's symbol query for Python (see lode/languages/symbolrules.py for the capture names).
(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
(module (expression_statement (assignment left: (identifier) @name) @def.variable))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @def.attribute)))
; `self.router = APIRouter()` (annotated or not, or one of a tuple's targets) in a
; method: its class's attribute, once per name (symbolrules.instance_members)
((assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) @def.instance)
  (#eq? @_self "self"))
((assignment left: [(pattern_list (attribute object: (identifier) @_self attribute: (identifier) @name) @def.instance)
                     (tuple_pattern (attribute object: (identifier) @_self attribute: (identifier) @name) @def.instance)])
  (#eq? @_self "self"))
; a function's parameters and the names it assigns are its own (Python makes a name
; assigned anywhere in a function local to all of it): `def f(url): url.build()` beside a
; top-level `url` is no use of that `url` (symbols.py scopes these as type parameters)
(function_definition parameters: (parameters [(identifier) @name
  (typed_parameter . (identifier) @name) (default_parameter name: (identifier) @name)
  (typed_default_parameter name: (identifier) @name)
  (list_splat_pattern (identifier) @name) (dictionary_splat_pattern (identifier) @name)] @def.local)
  (#not-eq? @name "self") (#not-eq? @name "cls"))
; assignments, loop variables and `with`/`except` aliases at any depth: rooted on a block,
; not on the function (a top-level or class-level one is the earlier @def.variable or
; @def.attribute; symbols.py's local_scope drops the rest that no function holds)
(block (expression_statement (assignment left: (identifier) @name) @def.local))
(block (for_statement left: (identifier) @name) @def.local)
(with_item value: (as_pattern alias: (as_pattern_target (identifier) @name)) @def.local)
(except_clause (as_pattern alias: (as_pattern_target (identifier) @name)) @def.local)
; a lambda's parameters and a comprehension's variables: names of that lambda's body or
; that comprehension alone (`[url.build() for url in urls]` beside a top-level `url`)
(lambda_parameters [(identifier) @name (default_parameter name: (identifier) @name)
  (list_splat_pattern (identifier) @name) (dictionary_splat_pattern (identifier) @name)]) @def.local
(for_in_clause left: [(identifier) @name (pattern_list (identifier) @name)]) @def.local
; `global x` in a function: its `x` is the module's after all (resolver.py drops the local)
(global_statement) @import

(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import
(module (expression_statement (assignment left: (identifier) @all right: (_)) @import) (#eq? @all "__all__"))

(class_definition name: (identifier) @rel.owner
  superclasses: (argument_list [(identifier) (attribute)] @rel.extends))
; a generic base, `class AppRunner(BaseRunner[Request])`: the class it names
(class_definition name: (identifier) @rel.owner
  superclasses: (argument_list (subscript value: [(identifier) (attribute)] @rel.extends)))

; the member of a name is captured with it (no search for it from the base node: a
; node's parent is found by walking down from the root); `!attribute` keeps a member-less
; base (a broken tree) as before. A longer base's member is still searched for: captured,
; its match would come after the matches inside the base instead of before them
(attribute object: (identifier) @ref.base attribute: _ @ref.member)
(attribute object: (identifier) @ref.base !attribute)
(attribute object: [(attribute) (call)] @ref.base)
(type (identifier) @ref.local)
(type (string (string_content) @ref.local))
(call function: (identifier) @ref.local)
(decorator (identifier) @ref.local)
; a name passed, returned, stored or listed as a value (`add_command(run_command)`,
; `cls=AppGroup`, `env = Environment`, `isinstance(x, App)`, `__all__`-like tuples)
(argument_list (identifier) @ref.local)
(keyword_argument value: (identifier) @ref.local)
(assignment right: (identifier) @ref.local)
(return_statement (identifier) @ref.local)
(tuple (identifier) @ref.local)
(list (identifier) @ref.local)

; what the tree says about types (lode/symbols/typed.py): annotated parameters and
; variables, instances built by calling a class, attributes set on self, results
(typed_parameter (identifier) @var.name type: (type) @var.type)
(typed_default_parameter name: (identifier) @var.name type: (type) @var.type)
(function_definition body: (block (expression_statement (assignment left: (identifier) @var.name type: (type) @var.type))))
(assignment left: (identifier) @var.name !type right: (call function: [(identifier) (attribute)] @var.call))
(with_item value: (as_pattern (call function: [(identifier) (attribute)] @var.call)
  alias: (as_pattern_target (identifier) @var.name)))
((assignment left: (attribute object: (identifier) @_self attribute: (identifier) @field.name) type: (type) @field.type)
  (#eq? @_self "self"))
((assignment left: (attribute object: (identifier) @_self attribute: (identifier) @field.name) !type
  right: (call function: [(identifier) (attribute)] @field.call)) (#eq? @_self "self"))
; a value of a known type handed on (`self.app = app` with `app: Flask`, `session =
; self._session`): typed.py reads the value's type once the table knows it
((assignment left: (attribute object: (identifier) @_self attribute: (identifier) @field.name) !type
  right: [(identifier) (attribute)] @field.value) (#eq? @_self "self"))
(function_definition body: (block (expression_statement
  (assignment left: (identifier) @var.name !type right: [(identifier) (attribute)] @var.value))))
(class_definition body: (block (expression_statement (assignment left: (identifier) @field.name type: (type) @field.type))))
(function_definition name: (identifier) @ret.owner return_type: (type) @ret.type)
