; lode's tags query for shell scripts (the grammar wheel ships none).
(function_definition name: (word) @name) @definition.function
