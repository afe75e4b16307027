; lode's additions to the TypeScript tags query (JavaScript's tags come first).
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (_) @name) @definition.namespace
(class_declaration name: (type_identifier) @name) @definition.class
