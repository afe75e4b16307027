; lode's additions to the JavaScript tags query: constructors are methods too.
(method_definition name: (property_identifier) @name (#eq? @name "constructor")) @definition.method
