; lode's symbol query for SQL (see lode/languages/symbolrules.py).
(create_table (object_reference) @name) @def.table
(create_view (object_reference) @name) @def.view
(create_materialized_view (object_reference) @name) @def.view
(create_function (object_reference) @name) @def.function
(create_index column: [(identifier) (literal)] @name) @def.index
(create_type (object_reference) @name) @def.type
(create_trigger (object_reference) @name) @def.trigger
