"""Scala 2 and 3: lode's tags query (the wheel's also captures every local `val` and
class parameter). Objects, companion objects, traits, givens and extensions are units."""

from ..spec import LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="scala",
    extensions=(".scala", ".sc"),
    grammar=grammar("tree_sitter_scala"),
    queries=(own_query("scala"),),
    tail_docs=True,  # a Scaladoc after an `=`-bodied def is parsed into that def's body
)
