; PHP's definitions: the grammar wheel's tags query less its references, plus enums
; (PHP 8.1), units holding their cases and methods (they were a gap, their methods
; loose functions). A bare `namespace A;` stays a unit of its own: folded into the
; header with the `use` lines after it, semble dev monolog fell 0.898 -> 0.878.

(namespace_definition
  name: (namespace_name) @name) @definition.module

(interface_declaration
  name: (name) @name) @definition.interface

(trait_declaration
  name: (name) @name) @definition.interface

(class_declaration
  name: (name) @name) @definition.class

(enum_declaration
  name: (name) @name) @definition.enum

(property_declaration
  (property_element (variable_name (name) @name))) @definition.field

(function_definition
  name: (name) @name) @definition.function

(method_declaration
  name: (name) @name) @definition.function
