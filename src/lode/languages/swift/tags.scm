; lode's tags query for Swift. `class_declaration` is also struct, enum, actor and
; extension (its `declaration_kind`); earlier patterns win for the same node.
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.actor
; an extension is named by the whole type it extends (`extension AFError.ServerTrustFailureReason`:
; its members are AFError.ServerTrustFailureReason.x), type arguments left out (languages/swift/names.py)
(class_declaration declaration_kind: "extension" name: (user_type) @name) @definition.extension
(class_declaration name: (type_identifier) @name) @definition.class
(protocol_declaration name: (type_identifier) @name) @definition.protocol
(class_body (function_declaration name: (simple_identifier) @name) @definition.method)
(enum_class_body (function_declaration name: (simple_identifier) @name) @definition.method)
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration "init" @name) @definition.init
(deinit_declaration "deinit" @name) @definition.deinit
(subscript_declaration "subscript" @name) @definition.subscript
(typealias_declaration name: (type_identifier) @name) @definition.typealias
(associatedtype_declaration name: (type_identifier) @name) @definition.typealias
(operator_declaration) @definition.operator
(macro_declaration (simple_identifier) @name) @definition.macro
(source_file (property_declaration name: (pattern (simple_identifier) @name)) @definition.property)
(class_body (property_declaration name: (pattern (simple_identifier) @name)) @definition.property)
(enum_class_body (property_declaration name: (pattern (simple_identifier) @name)) @definition.property)
(protocol_body (protocol_property_declaration name: (pattern (simple_identifier) @name)) @definition.property)
