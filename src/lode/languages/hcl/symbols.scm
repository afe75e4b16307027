; lode's symbol query for HCL / Terraform (see lode/languages/symbolrules.py).
(config_file (body (block (identifier) @_kind . (string_lit) . (string_lit (template_literal) @name)
  (#eq? @_kind "resource")) @def.resource))
(config_file (body (block (identifier) @_kind . (string_lit) . (string_lit (template_literal) @name)
  (#eq? @_kind "data")) @def.data))
(config_file (body (block (identifier) @_kind . (string_lit (template_literal) @name)
  (#any-of? @_kind "variable" "output" "module" "provider")) @def.block))
