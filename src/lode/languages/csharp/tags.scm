; lode's tags query for C# (the grammar wheel ships none). Types and members are units;
; members of a type nest in it. Local functions stay inside their method.
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.record
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.delegate
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(destructor_declaration name: (identifier) @name) @definition.destructor
(operator_declaration operator: _ @name) @definition.operator
(conversion_operator_declaration type: _ @name) @definition.operator
(indexer_declaration "this" @name) @definition.indexer
(property_declaration name: (identifier) @name) @definition.property
(event_declaration name: (identifier) @name) @definition.event
(declaration_list (event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.event)
(declaration_list (field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field)
