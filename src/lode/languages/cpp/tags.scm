; lode's additions to the C++ tags query: a specialisation of a class template
; (`template <> struct formatter<bytes> { ... }`, `template <typename T> struct
; formatter<std::vector<T>> : ...`) is a class named after its template, as its
; primary is (the grammar's own tags take only a plain `type_identifier` name, so a
; specialisation's members stood alone, outside any class).
(struct_specifier name: (template_type name: (type_identifier)) @name body: (_)) @definition.class
(class_specifier name: (template_type name: (type_identifier)) @name body: (_)) @definition.class
(union_specifier name: (template_type name: (type_identifier)) @name body: (_)) @definition.class
(struct_specifier name: (qualified_identifier name: (template_type name: (type_identifier)) @name) body: (_)) @definition.class
(class_specifier name: (qualified_identifier name: (template_type name: (type_identifier)) @name) body: (_)) @definition.class
