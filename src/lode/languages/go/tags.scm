; lode's additions to the Go tags query: top-level const/var declarations are units
; (a grouped block stays one unit; its embed lists names, type and values).
(source_file (const_declaration (const_spec name: (identifier) @name)) @definition.const)
; One pattern for both var forms: a pattern rooted at the file is a query state carried
; over every node of it (see symbols.scm).
(source_file (var_declaration [(var_spec name: (identifier) @name)
                               (var_spec_list (var_spec name: (identifier) @name))]) @definition.var)
; Type aliases (`type X = Y`, alone or inside a `type ( … )` group) are types too.
(type_alias name: (type_identifier) @name) @definition.type
