"""Python: classes, functions, methods, module constants; docstrings are doc text."""

from ..spec import DEFAULT_WRAPPERS, LanguageSpec, grammar, module_query, own_query

SPEC = LanguageSpec(
    name="python",
    extensions=(".py", ".pyi"),
    grammar=grammar("tree_sitter_python"),
    # ours first: a method's kind wins over the upstream `function`
    queries=(own_query("python"), module_query("tree_sitter_python")),
    # a module constant's capture is the assignment inside its statement
    wrappers=DEFAULT_WRAPPERS | {"expression_statement"},
    docstring=True,
)
