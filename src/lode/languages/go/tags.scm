; lode's additions to the Go tags query: top-level const/var declarations are units
; (a grouped block stays one unit; its embed lists names, type and values).
; No @name: a capture inside made one match per name (a table of 1,500 constants, 1,500
; matches of one declaration); without it tree-sitter gives one. The chunker names the
; unit after its first spec's first name (LanguageSpec.spec_groups), as the first match did.
(source_file (const_declaration (const_spec name: (identifier))) @definition.const)
; One pattern for both var forms: a pattern rooted at the file is a query state carried
; over every node of it (see symbols.scm).
(source_file (var_declaration [(var_spec name: (identifier))
                               (var_spec_list (var_spec name: (identifier)))]) @definition.var)
; Type aliases (`type X = Y`, alone or inside a `type ( … )` group) are types too.
(type_alias name: (type_identifier) @name) @definition.type
