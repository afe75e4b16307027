; lode's symbol query for Kotlin (see lode/languages/symbolrules.py). A companion object's
; members are named under the class around it, as Kotlin code names them
; (`HttpRequestPipeline.Before`): an unnamed one is not a definition, a named one
; (`companion object Phases`) is `Class.Phases` but no scope (symbolrules.transparent_scopes).
(class_declaration "interface" name: (identifier) @name) @def.interface
(class_declaration name: (identifier) @name) @def.class
(object_declaration name: (identifier) @name) @def.object
(companion_object name: (identifier) @name) @def.companion
(function_declaration name: (identifier) @name) @def.function
(type_alias type: (identifier) @name) @def.type
(source_file (property_declaration (variable_declaration (identifier) @name)) @def.property)
(class_body (property_declaration (variable_declaration (identifier) @name)) @def.property)

; supertypes as Java records them: `: Base(...)` calls a superclass's constructor
; (extends); a bare `: Named` in a class or object is an interface (implements); an
; interface's own supertypes are extends
(class_declaration "interface" name: (_) @rel.owner (delegation_specifiers (delegation_specifier (user_type) @rel.extends)))
(class_declaration "class" name: (_) @rel.owner (delegation_specifiers (delegation_specifier (user_type) @rel.implements)))
(class_declaration name: (_) @rel.owner (delegation_specifiers (delegation_specifier (constructor_invocation (user_type) @rel.extends))))
(object_declaration name: (_) @rel.owner (delegation_specifiers (delegation_specifier (user_type) @rel.implements)))
(object_declaration name: (_) @rel.owner (delegation_specifiers (delegation_specifier (constructor_invocation (user_type) @rel.extends))))

; a function's or constructor's parameters, a lambda's, a local variable, a loop's or a
; catch's: names of the definition around them, never indexed, and no reference to the
; package's function of that name when called there (`fun retry(attempt: () -> Boolean)
; { attempt() }`; symbolrules.type_parameters)
(function_value_parameters (parameter (identifier) @name) @def.local)
(class_parameter . (identifier) @name) @def.local
(lambda_parameters (variable_declaration (identifier) @name) @def.local)
(block (property_declaration (variable_declaration (identifier) @name)) @def.local)
(lambda_literal (property_declaration (variable_declaration (identifier) @name)) @def.local)
(multi_variable_declaration (variable_declaration (identifier) @name) @def.local)
(for_statement (variable_declaration (identifier) @name) @def.local)
(when_subject (variable_declaration (identifier) @name) @def.local)
(catch_block . (identifier) @name) @def.local

(call_expression . (identifier) @ref.local)

(import (qualified_identifier) @import.path (identifier)? @import.alias) @import
(navigation_expression . (identifier) @ref.base . (identifier) @ref.member)
