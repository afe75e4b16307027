; lode's symbol query for Objective-C (see lode/languages/symbolrules.py).
(class_interface . (identifier) @name) @def.interface
(protocol_declaration . (identifier) @name) @def.protocol
(class_implementation . (identifier) @impl.type) @def.impl
(method_definition (identifier) @name) @def.method
(method_declaration (identifier) @name) @def.method
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @def.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @def.function

(class_interface . (identifier) @rel.owner superclass: (identifier) @rel.extends)
(class_interface . (identifier) @rel.owner (protocol_reference_list (identifier) @rel.implements))
