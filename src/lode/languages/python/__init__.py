"""Python: classes, functions, methods, module constants; docstrings are doc text."""

import os

from ..spec import DEFAULT_WRAPPERS, LanguageServer, LanguageSpec, grammar, module_query, own_query


def _pyright_settings(root: str) -> dict:
    """A src layout's packages import from src/ (an sdist that is not installed)."""
    extra = ["src"] if os.path.isdir(os.path.join(root, "src")) else []
    return {"python.analysis": {"extraPaths": extra}, "python": {"analysis": {"extraPaths": extra}}}


SPEC = LanguageSpec(
    name="python",
    extensions=(".py", ".pyi"),
    grammar=grammar("tree_sitter_python"),
    # ours first: a method's kind wins over the upstream `function`
    queries=(own_query("python"), module_query("tree_sitter_python")),
    # a module constant's capture is the assignment inside its statement
    wrappers=DEFAULT_WRAPPERS | {"expression_statement"},
    docstring="expression_statement",  # a body's first string statement
    trailing=frozenset({"comment"}),  # `X = 2**25  # 32MiB`: the comment is X's
    version=2,  # 2: a comment ending a constant's line is the constant's
    servers=(
        LanguageServer("pyright", ("pyright-langserver", "--stdio"), _pyright_settings),
        LanguageServer("basedpyright", ("basedpyright-langserver", "--stdio"), _pyright_settings),
        # jedi parses at most 30 files a name occurs in when it looks for references, and
        # misses uses through an `import … as` alias and of a property: on flask, requests
        # and rich (260 names) it left out 110 positions the index holds, all real uses
        LanguageServer("jedi-language-server", ("jedi-language-server",), partial_references=True),
    ),
)
