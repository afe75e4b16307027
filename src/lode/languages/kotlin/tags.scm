; lode's tags query for Kotlin (the grammar wheel ships none). Earlier patterns win for
; the same node: `interface` and `enum class` are class_declarations too.
(class_declaration "interface" name: (identifier) @name) @definition.interface
(class_declaration (modifiers (class_modifier "enum")) name: (identifier) @name) @definition.enum
(class_declaration name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.object
(companion_object name: (identifier) @name) @definition.object
(companion_object) @definition.object
(class_body (function_declaration name: (identifier) @name) @definition.method)
(function_declaration name: (identifier) @name) @definition.function
(secondary_constructor) @definition.constructor
(type_alias type: (identifier) @name) @definition.type
(source_file (property_declaration (variable_declaration (identifier) @name)) @definition.property)
(class_body (property_declaration (variable_declaration (identifier) @name)) @definition.property)
