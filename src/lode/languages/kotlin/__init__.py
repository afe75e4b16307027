"""Kotlin: lode's own tags query (the grammar wheel ships none). Objects and companion
objects are units; a companion's members are named under its class (`Router.create`)."""

from ..spec import DEFAULT_ATTACHED, DEFAULT_BODIES, LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="kotlin",
    extensions=(".kt", ".kts"),
    grammar=grammar("tree_sitter_kotlin"),
    queries=(own_query("kotlin"),),
    bodies=DEFAULT_BODIES | {"function_body"},
    # an annotation on a line of its own above a top-level declaration (`@OptIn(…)`) is
    # parsed as an expression statement beside it: it belongs to the declaration
    attached=DEFAULT_ATTACHED | {"annotated_expression"},
    # Annotations on a property's getter or setter (`@Synchronized set`, `@JvmName("x")
    # get() = …`) are not parsed: after an accessor whose body is an expression
    # (`get() = field`) the grammar reads the next accessor's annotation as annotating
    # that expression, fails, and the whole class became one header chunk. The text
    # stays in the property's chunk.
    # (`this@outer.get(k)` is a label, not an annotation: no word character before `@`)
    unparsed=rb"(?<![\w@])(?:@(?:\w+(?:[.:]\w+)*(?:\([^()\n]*\))?|\[[^\]\n]*\])(?:[ \t]+|[ \t]*\n[ \t]*))+"
             rb"(?=(?:(?:private|protected|internal|public|inline|override|external)[ \t]+)*"
             rb"(?:get|set)\b[ \t]*(?:[(=\n]|$))",
    version=2,
)
