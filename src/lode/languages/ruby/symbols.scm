; lode's symbol query for Ruby (see lode/languages/symbolrules.py). `class A::B` opens a
; scope named by its path (@def.impl; the resolver defines A.B); `class << self` is not
; a definition, so its methods are named under the class around it.
(module name: (constant) @name) @def.module
(class name: (constant) @name) @def.class
(module name: (scope_resolution) @impl.type) @def.impl
(class name: (scope_resolution) @impl.type) @def.impl
(method name: (_) @name) @def.method
(singleton_method name: (_) @name) @def.method
(assignment left: (constant) @name) @def.constant
; `attr_reader :a, :b` (also inside `private …`): each symbol defines methods, named by
; ruby/resolver.py (`a`; `a=` for a writer)
(call !receiver method: (identifier) @_kw arguments: (argument_list (simple_symbol) @name @def.attr_reader)
  (#eq? @_kw "attr_reader"))
(call !receiver method: (identifier) @_kw arguments: (argument_list (simple_symbol) @name @def.attr_writer)
  (#eq? @_kw "attr_writer"))
(call !receiver method: (identifier) @_kw arguments: (argument_list (simple_symbol) @name @def.attr_accessor)
  (#eq? @_kw "attr_accessor"))

(class superclass: (superclass [(constant) (scope_resolution)] @rel.extends)) @rel.owner
(class body: (body_statement (call !receiver method: (identifier) @_kw
  arguments: (argument_list [(constant) (scope_resolution)] @rel.extends))
  (#any-of? @_kw "include" "prepend"))) @rel.owner
(module body: (body_statement (call !receiver method: (identifier) @_kw
  arguments: (argument_list [(constant) (scope_resolution)] @rel.extends))
  (#any-of? @_kw "include" "prepend"))) @rel.owner

(call receiver: [(constant) (scope_resolution)] method: (identifier)) @ref.path
(call !receiver method: (identifier)) @ref.path
(constant) @ref.path
(scope_resolution) @ref.path
