"""OCaml (.ml) and OCaml interfaces (.mli): the wheel's tags plus lode's (module
values, exceptions, value specifications). The wheel captures the binding inside a
`let`/`type`/`module`; the definition around a single binding belongs to it."""

from ..spec import DEFAULT_WRAPPERS, LanguageSpec, grammar, module_query, own_query, replace

SPEC = LanguageSpec(
    name="ocaml",
    extensions=(".ml",),
    grammar=grammar("tree_sitter_ocaml", "language_ocaml"),
    queries=(module_query("tree_sitter_ocaml"), own_query("ocaml")),
    wrappers=DEFAULT_WRAPPERS | {"value_definition", "type_definition", "module_definition",
                                 "class_definition", "class_type_definition"},
    bodies=frozenset({"structure", "signature", "object_expression", "record_declaration",
                      "variant_declaration"}),
)

INTERFACE = replace(SPEC, name="ocaml_interface", extensions=(".mli",), folder="ocaml",
                    grammar=grammar("tree_sitter_ocaml", "language_ocaml_interface"))
