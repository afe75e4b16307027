"""Go: upstream tags + top-level const/var units; a method's scope is its receiver type."""

from ..spec import DEFAULT_WRAPPERS, LanguageServer, LanguageSpec, grammar, module_query, own_query

SPEC = LanguageSpec(
    name="go",
    extensions=(".go",),
    grammar=grammar("tree_sitter_go"),
    queries=(module_query("tree_sitter_go"), own_query("go")),
    # `type X struct{}` is a type_declaration holding one type_spec: the unit is the whole
    # declaration; a grouped `type ( … )` is split per spec.
    wrappers=DEFAULT_WRAPPERS | {"type_declaration"},
    signature_prefix={"type_spec": "type ", "type_alias": "type "},
    receiver_field="receiver",
    # `const ( A = 1; B )`: one unit named by its specs
    spec_groups={"const_declaration": ("const", "const_spec"), "var_declaration": ("var", "var_spec")},
    # Go definitions live at the top: a method at depth 1, a grouped type_spec at 2.
    max_depth=2,
    servers=(LanguageServer("gopls", ("gopls",)),),
    version=2,  # 2: a var of a type written over several lines (`var x struct {…}`) labelled on one line
)
