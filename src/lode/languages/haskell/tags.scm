; lode's tags query for Haskell (the grammar wheel ships none). Top-level declarations
; and the members of classes and instances are units; `where` bindings stay inside. A
; signature is captured as the function it types: its equations merge into it (one unit,
; labelled by the signature).
(declarations (signature name: (variable) @name) @definition.function)
(declarations (signature names: (binding_list . name: (variable) @name)) @definition.function)
(declarations (function name: (variable) @name) @definition.function)
(declarations (bind name: (variable) @name) @definition.function)
(declarations (data_type name: (name) @name) @definition.type)
(declarations (newtype name: (name) @name) @definition.type)
(declarations (type_synonym name: (name) @name) @definition.type)
(declarations (type_family name: (name) @name) @definition.type)
(declarations (data_family name: (name) @name) @definition.type)
(declarations (class name: (name) @name) @definition.class)
(declarations (instance name: (name) @name) @definition.instance)
; an instance of a class named by its module (`instance SA.Align KeyMap`) is named by the class
(declarations (instance name: (qualified id: (name) @name)) @definition.instance)
(declarations (deriving_instance) @definition.instance)
(declarations (pattern_synonym) @definition.pattern)
(declarations (foreign_import signature: (signature name: (variable) @name)) @definition.function)
(class_declarations (signature name: (variable) @name) @definition.method)
(class_declarations (function name: (variable) @name) @definition.method)
(class_declarations (bind name: (variable) @name) @definition.method)
(instance_declarations (function name: (variable) @name) @definition.method)
(instance_declarations (bind name: (variable) @name) @definition.method)
