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

; a name in scope that can be called: a parameter or local of a function type (or holding
; a lambda), a lambda's parameter, a loop's, when's or catch's variable: a name of the
; definition around it, never indexed, and no reference to the package's function of
; that name (`fun retry(attempt: () -> Boolean) { attempt() }`;
; symbolrules.type_parameters). A parameter of another type is not hidden: calling its
; name calls the function (`fun f(url: String) = url(url)`).
(function_value_parameters (parameter (identifier) @name [(function_type) (nullable_type [(function_type) (parenthesized_type (function_type))])]) @def.local)
(class_parameter (identifier) @name [(function_type) (nullable_type [(function_type) (parenthesized_type (function_type))])]) @def.local
(block (property_declaration (variable_declaration (identifier) @name [(function_type) (nullable_type [(function_type) (parenthesized_type (function_type))])])) @def.local)
(lambda_literal (property_declaration (variable_declaration (identifier) @name [(function_type) (nullable_type [(function_type) (parenthesized_type (function_type))])])) @def.local)
(block (property_declaration (variable_declaration (identifier) @name) [(lambda_literal) (anonymous_function) (callable_reference)]) @def.local)
(lambda_literal (property_declaration (variable_declaration (identifier) @name) [(lambda_literal) (anonymous_function) (callable_reference)]) @def.local)
(lambda_parameters (variable_declaration (identifier) @name) @def.local)
(multi_variable_declaration (variable_declaration (identifier) @name) @def.local)
(for_statement (variable_declaration (identifier) @name) @def.local)
(when_subject (variable_declaration (identifier) @name) @def.local)
(catch_block . (identifier) @name) @def.local
; a generic's type parameters (`class Stage<T>`, `fun <R> map`): names of the definition
; around them, no references to a package's `T`
(type_parameter (identifier) @name) @def.type_parameter
; a parameter or local of any other type is a value in its scope, never indexed: its
; `x.member` is no reference to a name of the package (kotlin/resolver.py), but calling
; its name still calls the package's function (`fun f(url: String) = url(url)`)
(function_value_parameters (parameter (identifier) @name) @def.value)
; a primary constructor's parameters: a `val`/`var` one is the class's property
; (`class Client(val engine: Engine)` → Client.engine), a plain one a value of the class's
; initialisers; either hides a package's name of its spelling in the class (resolver.py).
; The name is the identifier before the `:` (a default `= null`, `= other` is one too)
(class_parameter ["val" "var"] (identifier) @name ":") @def.property
(class_parameter (identifier) @name ":") @def.value
(block (property_declaration (variable_declaration (identifier) @name)) @def.value)
(lambda_literal (property_declaration (variable_declaration (identifier) @name)) @def.value)

(call_expression . (identifier) @ref.local)
; a class or object passed as a value (`HttpClient(TestEngine)`, `install(Logging)`): a
; capitalised bare name as an argument's value (a lowercase one is a value in scope; an
; all-capitals one a constant)
(value_argument (identifier) @ref.local . (#match? @ref.local "^[A-Z]") (#not-match? @ref.local "^[A-Z0-9_]+$"))

(import (qualified_identifier) @import.path (identifier)? @import.alias) @import
; `Name.member` (a class, an object); `x.member` with a lowercase `x` names a value,
; which the resolver reads with the scopes above
(navigation_expression . (identifier) @ref.base . (identifier) @ref.member (#not-match? @ref.base "^[a-z_]"))
(navigation_expression . (identifier) @ref.path . (identifier) (#match? @ref.path "^[a-z_]"))

; a type named in a signature, a supertype, a cast (`: Shape`, `List<Shape>`); a
; qualified one (`Outer.Inner`) by its head, as `Name.member` is
; (capitalised: a lowercase one is the grammar's recovery from an error, as an annotated
; setter's `set(value)`)
(user_type . (identifier) @ref.local . (#match? @ref.local "^[A-Z]"))
(user_type . (identifier) @ref.local . (type_arguments) . (#match? @ref.local "^[A-Z]"))
(user_type . (identifier) @ref.base . (identifier) @ref.member (#match? @ref.base "^[A-Z]"))
