"""Haskell: lode's own tags query (the grammar wheel ships none). A function's type
signature and all its equations are one unit; Haddock comments above are its doc."""

from ..spec import LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="haskell",
    extensions=(".hs", ".lhs"),
    grammar=grammar("tree_sitter_haskell"),
    queries=(own_query("haskell"),),
    attached=frozenset({"haddock", "pragma"}),
    doc_nodes=frozenset({"haddock"}),
    bodies=frozenset({"match", "class_declarations", "instance_declarations", "data_constructors",
                      "gadt_constructors", "fields"}),
    merge_runs=frozenset({"function", "method"}),
    opaque_nodes=frozenset({"cpp"}),  # an `#else` branch is one node: its text is parsed apart
    trailing=frozenset({"pragma"}),  # `{-# INLINE f #-}` below f, a blank line after it
    tail_docs=True,  # the comments after the last import are inside the imports node
    max_depth=4,  # top-level declarations and class/instance members
    version=4,  # 2: a Haddock right after the imports is the first declaration's; 3: instances of qualified classes; 4: pragmas below
)
