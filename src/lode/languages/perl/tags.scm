; lode's tags query for Perl (the grammar wheel ships none).
(subroutine_declaration_statement name: (bareword) @name) @definition.function
(package_statement name: (package) @name (block)) @definition.package
(use_statement (package) @_use (list_expression . (_) @name) (#eq? @_use "constant")) @definition.constant
