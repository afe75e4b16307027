; lode's additions to the Go tags query: top-level const/var declarations are units
; (a grouped block stays one unit; its embed lists names, type and values).
(source_file (const_declaration (const_spec name: (identifier) @name)) @definition.const)
(source_file (var_declaration (var_spec name: (identifier) @name)) @definition.var)
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name))) @definition.var)
; Type aliases (`type X = Y`, alone or inside a `type ( … )` group) are types too.
(type_alias name: (type_identifier) @name) @definition.type
