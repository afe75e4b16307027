; lode's tags query for HCL / Terraform (the grammar wheel ships none). Earlier patterns
; win for the same block.
(config_file (body (block (identifier) @_kind . (string_lit) . (string_lit (template_literal) @name)
  (#any-of? @_kind "resource" "data")) @definition.resource))
(config_file (body (block (identifier) @_kind . (string_lit (template_literal) @name)
  (#eq? @_kind "variable")) @definition.variable))
(config_file (body (block (identifier) @_kind . (string_lit (template_literal) @name)
  (#eq? @_kind "output")) @definition.output))
(config_file (body (block (identifier) @_kind . (string_lit (template_literal) @name)
  (#eq? @_kind "module")) @definition.module))
(config_file (body (block (identifier) . (string_lit (template_literal) @name)) @definition.block))
(config_file (body (block (identifier) @name) @definition.block))
(config_file (body (attribute (identifier) @name) @definition.attribute))
