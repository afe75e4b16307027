; lode's tags query for SQL (the grammar wheel ships none): definitions are the
; statements that create named objects.
(statement (create_table (object_reference name: (identifier) @name))) @definition.table
(statement (create_view (object_reference name: (identifier) @name))) @definition.view
(statement (create_materialized_view (object_reference name: (identifier) @name))) @definition.view
(statement (create_function (object_reference name: (identifier) @name))) @definition.function
(statement (create_index column: [(identifier) (literal)] @name)) @definition.index
(statement (create_type (object_reference name: (identifier) @name))) @definition.type
(statement (create_trigger (object_reference name: (identifier) @name))) @definition.trigger
(statement (create_sequence (object_reference name: (identifier) @name))) @definition.sequence
(statement (create_schema (identifier) @name)) @definition.schema
