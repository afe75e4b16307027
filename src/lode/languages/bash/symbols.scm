; lode's symbol query for shell scripts (see lode/languages/symbolrules.py).
(function_definition name: (word) @name) @def.function

(command name: (command_name (word) @ref.local))
