; lode's additions to the Python tags query: methods are functions inside a class body.
(class_definition body: (block (function_definition name: (identifier) @name) @definition.method))
(class_definition body: (block (decorated_definition (function_definition name: (identifier) @name) @definition.method)))
