; lode's additions to the Rust tags query: impl blocks are units (and scopes), trait
; method signatures, consts and statics are definitions.
(impl_item type: (_) @name) @definition.impl
(function_signature_item name: (identifier) @name) @definition.method
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.static
