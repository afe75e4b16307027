; lode's symbol query for Python (see lode/languages/symbolrules.py for the capture names).
(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
(module (expression_statement (assignment left: (identifier) @name) @def.variable))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @def.attribute)))

(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import
(module (expression_statement (assignment left: (identifier) @all right: (_)) @import) (#eq? @all "__all__"))

(class_definition name: (identifier) @rel.owner
  superclasses: (argument_list [(identifier) (attribute)] @rel.extends))

((attribute object: (identifier) @ref.base) (#not-any-of? @ref.base "self" "cls"))
(call function: (identifier) @ref.local)
(decorator (identifier) @ref.local)
