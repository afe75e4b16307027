; lode's additions to the Rust tags query: impl blocks are units (and scopes), trait
; method signatures, consts and statics are definitions.
(impl_item type: (_) @name) @definition.impl
(function_signature_item name: (identifier) @name) @definition.method
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.static
; A top-level macro call with a brace body is an item of its own (pin_project! { pub struct
; X { … } }, a diesel table! { … }): named by the struct or enum it wraps when there is one
; (this pattern comes first, so it wins), else by its macro. It was gap text between items.
(source_file
  (macro_invocation
    (token_tree . "{" ["struct" "enum"] . (identifier) @name)) @definition.class)
(source_file
  (macro_invocation
    macro: (identifier) @name
    (token_tree . "{")) @definition.macro)
