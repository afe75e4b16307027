; lode's symbol query for Perl (see lode/languages/symbolrules.py).
(subroutine_declaration_statement name: (bareword) @name) @def.function
(package_statement name: (package) @name (block)) @def.package
(use_statement (package) @_use (list_expression . (_) @name) (#eq? @_use "constant")) @def.constant

(function_call_expression function: (function) @ref.local)
