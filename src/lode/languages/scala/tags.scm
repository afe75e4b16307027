; lode's tags query for Scala. Definitions in a template body (class, trait, object) or
; at the top of a file are units; a function's local vals are not.
(class_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(object_definition name: (identifier) @name) @definition.object
(package_object name: (identifier) @name) @definition.object
(enum_definition name: (identifier) @name) @definition.enum
(template_body (function_definition name: (identifier) @name) @definition.method)
(template_body (function_declaration name: (identifier) @name) @definition.method)
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function
(given_definition name: (identifier) @name) @definition.given
(extension_definition) @definition.extension
(type_definition name: (type_identifier) @name) @definition.type
(compilation_unit (val_definition pattern: (identifier) @name) @definition.variable)
(compilation_unit (var_definition pattern: (identifier) @name) @definition.variable)
(compilation_unit (val_declaration name: (identifier) @name) @definition.variable)
(compilation_unit (var_declaration name: (identifier) @name) @definition.variable)
(template_body (val_definition pattern: (identifier) @name) @definition.variable)
(template_body (var_definition pattern: (identifier) @name) @definition.variable)
(template_body (val_declaration name: (identifier) @name) @definition.variable)
(template_body (var_declaration name: (identifier) @name) @definition.variable)
