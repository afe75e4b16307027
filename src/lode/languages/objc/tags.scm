; lode's tags query for Objective-C's own declarations (C's tags come first).
(class_interface . (identifier) @name) @definition.interface
(class_implementation . (identifier) @name) @definition.class
(protocol_declaration . (identifier) @name) @definition.protocol
(method_definition (identifier) @name) @definition.method
(method_declaration (identifier) @name) @definition.method
(property_declaration (struct_declaration (struct_declarator (pointer_declarator (identifier) @name)))) @definition.property
(property_declaration (struct_declaration (struct_declarator (identifier) @name))) @definition.property
