; lode's symbol query for Dart (see lode/languages/symbolrules.py). A method's node is
; its signature; the body beside it holds only locals.
(class_definition name: (identifier) @name) @def.class
(mixin_declaration (identifier) @name) @def.mixin
(extension_declaration name: (identifier) @name) @def.extension
(enum_declaration name: (identifier) @name) @def.enum
(type_alias (type_identifier) @name) @def.type
(program (function_signature name: (identifier) @name) @def.function)
(method_signature (function_signature name: (identifier) @name)) @def.method
(method_signature (getter_signature name: (identifier) @name)) @def.getter
(method_signature (setter_signature name: (identifier) @name)) @def.setter
(method_signature (factory_constructor_signature (identifier) . (identifier) @name)) @def.constructor
(class_body (declaration (function_signature name: (identifier) @name)) @def.method)
(program (static_final_declaration_list (static_final_declaration (identifier) @name)) @def.constant)

(class_definition name: (_) @rel.owner superclass: (superclass (type_identifier) @rel.extends))
(class_definition name: (_) @rel.owner interfaces: (interfaces (type_identifier) @rel.implements))

((identifier) @ref.local . (selector (argument_part)))
