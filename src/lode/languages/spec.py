"""What lode knows about a language, as data.

A :class:`LanguageSpec` names the grammar, the tags-style queries whose
``@definition.<kind>`` captures are the chunker's units, and small rule tables the
generic chunker consults (which nodes wrap a definition, which siblings above it
belong to it, where a signature stops). Languages with no rules of their own get the
defaults, so any grammar wheel that ships a ``tags.scm`` is chunked with no code.
"""

from __future__ import annotations

from importlib import import_module
from collections.abc import Callable  # not typing's: typing is ~3 ms to import

from ..tuples import record, replace  # noqa: F401 (replace: for the language folders)

# Node types that hold a definition's body; its signature is the text before them.
# Bumped when chunking that every code language shares changes (lode.chunking.summary):
# added to each language's own version in its chunker id, so every code file is chunked
# again. 1: a signature written over several lines reads as on one line (`f(x int)`).
# 2: a split unit's closing `}` (or `end`) ends its last member's chunk, not a chunk alone.
SHARED_CHUNKING_VERSION = 2

DEFAULT_BODIES = frozenset({
    "block", "body", "statement_block", "compound_statement", "class_body",
    "interface_body", "enum_body", "declaration_list", "field_declaration_list",
    "enum_variant_list", "body_statement", "object_type", "template_body",
    "enum_class_body", "annotation_type_body", "constructor_body",
})
# Siblings directly above a definition that belong to it (comments always do).
DEFAULT_ATTACHED = frozenset({
    "decorator", "attribute_item", "attribute", "annotation", "marker_annotation",
    "attribute_list", "attribute_group",
})
# Value summaries and loose embed text (``lode.chunking.summary``), node types shared by
# most grammars. Literal collections whose elements past the third are shown as "…".
DEFAULT_COLLECTIONS = frozenset({
    "literal_value", "composite_literal", "list", "dictionary", "set", "tuple", "array",
    "object", "array_expression", "initializer_list", "array_creation_expression",
    "struct_expression", "field_initializer_list", "tuple_expression", "hash",
    "array_initializer", "anonymous_struct_initializer",
})
# Function literals are shown by their signature only.
DEFAULT_FUNCTION_LITERALS = frozenset({
    "func_literal", "arrow_function", "function_expression", "function", "lambda",
    "closure_expression", "lambda_expression", "anonymous_function", "block_argument",
})
# Statements that declare names: node type → the field naming what it declares (None:
# its first named child).
DEFAULT_DECLARING = {
    "assignment": "left", "augmented_assignment": "left", "short_var_declaration": "left",
    "let_declaration": "pattern", "variable_declarator": "name", "var_spec": "name",
    "const_spec": "name", "assignment_expression": "left", "variable_declaration": None,
    "local_variable_declaration": "declarator", "init_declarator": "declarator",
}
# Calls, whose callee's name is a word of the text around it.
DEFAULT_CALLS = frozenset({"call", "call_expression", "method_invocation", "macro_invocation",
                           "invocation_expression", "function_call_expression", "member_call_expression"})
# Top-level nodes that name the file's package or namespace: the header chunk's label.
DEFAULT_HEADERS = frozenset({
    "package_clause", "package_declaration", "namespace_definition", "package_header",
    "file_scoped_namespace_declaration", "header", "package_statement",
})
# Parents that wrap exactly one definition and belong to it (`export`, decorators, …).
DEFAULT_WRAPPERS = frozenset({
    "decorated_definition", "export_statement", "template_declaration",
    # C/C++ tags capture a function's declarator; the definition around it is the unit
    "function_definition", "pointer_declarator", "reference_declarator", "declaration",
    "field_declaration",
})


@record
class LanguageServer:
    """A real language server lode can hand a look-up to (see ``lode.external``)."""

    name: str
    command: tuple[str, ...]
    # answers to the server's workspace/configuration requests, by section, for a root
    settings: Callable[[str], dict] | None = None
    # its references can miss uses the index holds (jedi: its search stops after a few
    # dozen files, and a use through an import alias goes unseen): the hand-off adds the
    # index's positions it did not report
    partial_references: bool = False


@record
class LanguageSpec:
    """One language: grammar, queries and chunking rules (all data)."""

    name: str
    extensions: tuple[str, ...]
    grammar: Callable[[], object]
    queries: tuple[Callable[[], str], ...]
    wrappers: frozenset[str] = DEFAULT_WRAPPERS
    attached: frozenset[str] = DEFAULT_ATTACHED
    bodies: frozenset[str] = DEFAULT_BODIES
    # Prefix a definition's signature when its node omits the keyword (Go `type_spec`).
    signature_prefix: dict[str, str] = {}
    # Field holding a method's receiver (Go); its type names the method's scope.
    receiver_field: str | None = None
    # The node naming a type, read inside a receiver and an impl block's head.
    type_name: str = "type_identifier"
    # Top-level nodes naming the file's package or namespace (the header's label).
    headers: frozenset[str] = DEFAULT_HEADERS
    # Declarations that group specs (Go's `const ( … )`): node type → (keyword, spec node
    # type); the unit is the whole declaration, labelled and embedded by its specs.
    spec_groups: dict[str, tuple[str, str]] = {}
    # Value summaries and the names a stretch of code declares and calls.
    collections: frozenset[str] = DEFAULT_COLLECTIONS
    function_literals: frozenset[str] = DEFAULT_FUNCTION_LITERALS
    declaring: dict[str, str | None] = DEFAULT_DECLARING
    calls: frozenset[str] = DEFAULT_CALLS
    # Where doc text lives besides comments above: the statement type whose string,
    # first in a body (or the file), is the docstring (Python: "expression_statement").
    docstring: str | None = None
    # Doc comments that still belong to the definition below across one blank line
    # (JSDoc `/**` in express's style); comments of the file itself excepted.
    loose_doc: tuple[bytes, ...] = ()
    # Attached siblings whose text is doc, like comments (Haskell `haddock`, Elixir `@doc`).
    doc_nodes: frozenset[str] = frozenset()
    # Kinds whose consecutive same-named sibling definitions are one unit: the clauses of
    # an Elixir `def`, the equations of a Haskell function.
    merge_runs: frozenset[str] = frozenset()
    # Siblings directly after a definition that belong to it (Dart: a signature's
    # `function_body` is its next sibling, not its child).
    trailing: frozenset[str] = frozenset()
    # The grammar leaves the comments above a definition inside the previous definition's
    # indented body (Scala's `def f =⏎  expr`): they are taken back as the next one's doc.
    tail_docs: bool = False
    # Kinds whose node is a line opening a `{` block that the grammar leaves flat (a bats
    # `@test "…" {` is a command; its body and the closing `}` are sibling commands): the
    # unit runs to the first following sibling that is a lone `}`.
    brace_blocks: frozenset[str] = frozenset()
    # Nodes whose text the grammar does not parse (Haskell's CPP `#else` branches): their
    # definitions are found by parsing the text inside piece by piece.
    opaque_nodes: frozenset[str] = frozenset()
    # Blocks whose inside does not parse on its own, as (opening line, closing line)
    # regular expressions matched at a line start (Objective-C `@implementation X` …
    # `@end`): recovery reads a piece inside such a block between the block's two lines.
    recovery_blocks: tuple[tuple[bytes, bytes], ...] = ()
    # Text the grammar cannot read and the parser skips (a regular expression, matched
    # with re.M): Objective-C's bare `NS_ASSUME_NONNULL_BEGIN` lines, which otherwise
    # swallow the `@interface` below them. The skipped bytes stay in the file's chunks.
    unparsed: bytes = b""
    # Name nodes whose text is rendered before it names a unit: node type → the renderer
    # (C++'s `template_type`, a specialisation's `formatter<std::tm, Char>`: see
    # ``lode.languages.c.names``).
    unit_names: dict[str, Callable[[str], str]] = {}
    # Deepest tree level a unit may start at: the query cursor skips function bodies
    # below it (most of a tree), which makes finding definitions several times faster.
    max_depth: int = 8
    # The language folder holding this spec's symbol rules, when not named like the
    # spec (OCaml interfaces share `ocaml`'s).
    folder: str | None = None
    # Language servers that answer for this language, in order of preference (the first
    # one found on the search path is asked).
    servers: tuple[LanguageServer, ...] = ()
    # The LSP language identifier (textDocument/didOpen), when not the name.
    lsp_id: str | None = None
    # Bumped when this language's chunking changes: its files are re-chunked.
    version: int = 1

    @property
    def chunker_id(self) -> str:
        return f"code-{self.name}-{self.version + SHARED_CHUNKING_VERSION}"


def grammar(module: str, attr: str = "language") -> Callable[[], object]:
    """A lazy loader for the grammar capsule a wheel exposes."""
    return lambda: getattr(import_module(module), attr)()


def module_query(module: str, attr: str = "TAGS_QUERY") -> Callable[[], str]:
    """A query a grammar wheel exposes as a module constant."""
    return lambda: getattr(import_module(module), attr) or ""


def wheel_query(module: str, relpath: str) -> Callable[[], str]:
    """A query file a grammar wheel ships as package data."""
    return lambda: _package_file(module, relpath)


def own_query(language: str, filename: str = "tags.scm") -> Callable[[], str]:
    """A query file lode ships for a language, beside its rules."""
    return lambda: _package_file(f"lode.languages.{language}", filename)


def _package_file(package: str, relpath: str) -> str:
    # importlib.resources (with tempfile and zipfile behind it) loads only when a query
    # is first read: naming a language, as every command does, should not pay for it
    from importlib import resources

    return resources.files(package).joinpath(relpath).read_text("utf-8")
