"""What the symbol index knows about a language, as data.

Each language with cross-file symbol support has a ``symbols.scm`` query beside its
``tags.scm`` and a :class:`SymbolRules` table in its ``symbols.py``. The query names
syntax with a small set of captures; the table says how names nest and how modules are
named. The code that reads both lives in :mod:`lode.symbols`; ``resolver`` picks the
few language-specific routines (import forms, module paths) data cannot express.

Captures a ``symbols.scm`` may use:

``@def.<detail>`` + ``@name``
    a definition and its name node; ``<detail>`` is the grammar's word (function,
    class, struct, …). ``@receiver`` names a Go method's receiver type. ``@def.impl`` with
    ``@impl.type`` opens a scope named after a type without defining anything.
``@import``
    an import statement, handed whole to the language's resolver.
``@rel.owner`` + ``@rel.extends`` / ``@rel.implements`` / ``@rel.requires`` / ``@rel.embeds``
    the owner (a definition or its name node) and a base type, required method or
    embedded interface.
``@ref.base`` (+ ``@ref.member``)
    ``base.member`` where ``base`` may be an import alias (``h.Client``); without a
    ``@ref.member`` capture the member is the base's next named sibling (fewer captures).
``@ref.local``
    an unqualified identifier that may name an import or a definition of this module.
``@ref.path``
    a whole path expression (Rust ``crate::a::B``), resolved by the language's resolver.
``@ref.value``
    an identifier used as a value (an argument, a returned or stored name): a
    reference when imports, this file, or (exported names) the package define it.
``@var.*``, ``@field.*``, ``@ret.*``
    what the tree says about types (``s *Server``, ``self.db = DB()``, a method's
    result), read by :mod:`lode.symbols.typed` so that ``s.Close()`` is a reference to
    ``Server.Close``.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable  # not typing's: typing is ~3 ms to import


def capitalised_not_constant(name: str) -> bool:
    """A name written as a class is (``Helper``, ``URLParser``), not as a constant
    (``LOGGER``, ``MAX``): capitalised, not all capitals."""
    return name[:1].isupper() and not name.isupper()


def _table(cls):
    """``cls`` as a read-only record: its annotated fields, in order, with the class
    attributes of the same names as their defaults, become a named tuple's, and its other
    attributes stay. As ``@dataclass(frozen=True, eq=False)`` made it before, without
    compiling a 45-argument ``__init__`` (that, and importing dataclasses, was ~14 M of
    the ~226 M instructions of a command-line look-up). Compared and hashed by identity:
    each language has one table, and no caller compares two."""
    names = tuple(cls.__annotations__)
    defaults = [vars(cls)[n] for n in names if n in vars(cls)]
    if any(n in vars(cls) for n in names[:len(names) - len(defaults)]):
        raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    body = {k: v for k, v in vars(cls).items() if k not in names and k not in ("__dict__", "__weakref__")}
    return type(cls.__name__, (namedtuple(cls.__name__, names, defaults=defaults, module=cls.__module__),),
                {**body, "__slots__": (), "__eq__": object.__eq__, "__ne__": object.__ne__,
                 "__hash__": object.__hash__})


@_table
class SymbolRules:
    # which resolver in lode.symbols handles imports and module paths
    resolver: str
    query: Callable[[], str]
    # definitions whose names qualify the definitions nested in them
    scopes: frozenset[str]
    # definitions whose bodies hold only local names (nothing inside is indexed)
    locals: frozenset[str] = frozenset({"function", "method"})
    # definitions in a callable's parameters that are members of the type around it (PHP's
    # promoted constructor parameters, `__construct(private Client $client)`)
    constructor_members: frozenset[str] = frozenset()
    # definitions that are a generic declaration's type parameters (`class Box<T>`,
    # `func Map[T any]`): never indexed, and inside the definition around them their
    # names are no references (`T` is not the package's `T`)
    type_parameters: frozenset[str] = frozenset()
    # the detail of a type_parameters definition that type_parameter_scope gives no scope
    # and whose nearest definition is one of `types` (Python: a name assigned in an `if`
    # or `try` of a class body is the class's "attribute"); None: such a name is nothing
    class_locals: str | None = None
    # definitions made by assigning a member on the instance in a method (Python's
    # `self.router = APIRouter()`), detail -> the detail they are indexed with: a member
    # of the method's class, one per name and class (the one in a `constructors` method,
    # else the first), none where the class body defines the name itself
    instance_members: dict[str, str] | None = None
    # method names that set up an instance (Python's `__init__`)
    constructors: frozenset[str] = frozenset()
    # details a file's outline leaves out: definitions stated inside a method's body
    # (instance_members), which the outline, ordered by line, would read as the method's
    # next sibling and so end the method's range at them
    outline_leaves_out: frozenset[str] = frozenset()
    # (definition, the node found as its scope, the file's symbols.context.FileContext)
    # -> the node that is its scope: a language whose parameters and locals may sit in a
    # function that is no definition (TypeScript's arrow functions) names that function;
    # None: as found
    type_parameter_scope: Callable | None = None
    # per detail of type_parameters, the node types its name may be used as
    # (TypeScript: a type parameter names a type, a parameter or local a value); a
    # detail not listed, or None: any
    type_parameter_nodes: dict[str, frozenset[str]] | None = None
    # (file context, root node, the typed captures) -> None, run once a file's imports are read when it has
    # some: adds to the context's type_params the scopes where a local hides an import
    # (Go: a parameter `url` hides the package url in its function); None: locals hide
    # imports only as type_parameters says
    hidden_imports: Callable | None = None
    # definitions whose members are named under the definition around them, not under
    # their own name (Kotlin's named companion object: `companion object Phases { val
    # Before }` in class P defines P.Phases and P.Before, as Kotlin code writes it)
    transparent_scopes: frozenset[str] = frozenset()
    # (body, declaration) details: a definition of detail `declaration` is dropped from a
    # file where one of detail `body` has the same name (Elixir's `@type params` beside
    # `def params`: a file keeps one row per name and kind, and a look-up wants the body)
    yields_to: tuple[tuple[str, str], ...] = ()
    # details whose definition a file keeps beside another definition of the same name
    # (Haskell's `newtype Money = Money Int`: the type and its constructor are two
    # things, each a definition); other definitions keep one row per name and kind
    own_rows: frozenset[str] = frozenset()
    # details that are methods when their nearest scope is one of `types`
    callables: frozenset[str] = frozenset({"function", "method"})
    types: frozenset[str] = frozenset({"class", "struct", "interface", "trait", "impl", "enum",
                                       "union", "type", "opaque"})
    # a file that marks a module root / package (python: __init__.py; go: go.mod …)
    markers: tuple[str, ...] = ()
    # file stems that stand for their directory (`__init__`, `mod`, `index`)
    index_stems: tuple[str, ...] = ()
    # leading directories dropped from module paths (`src`)
    strip_dirs: tuple[str, ...] = ()
    # identifiers never recorded as references (builtins)
    builtins: frozenset[str] = frozenset()
    # is a definition's name visible outside its module/package? (None: always)
    exported: Callable[[str], bool] | None = None
    # resolver "declared": top-level nodes naming the file's package or module (Kotlin
    # `package_header`, Haskell `header`); with none, the path names the module when
    # `path_modules`, else nothing does (Elixir and Swift names are complete as written)
    module_nodes: frozenset[str] = frozenset()
    path_modules: bool = True
    # resolver "declared": a directory whose child directory names the module of every
    # file below it (SwiftPM's `Sources/<target>/`); tried before `path_modules`
    module_parent: str | None = None
    # resolver "declared": an unqualified name that is neither imported nor defined in
    # the file names a definition of the same package (Kotlin, Scala, C#: a package is
    # visible to itself without imports), as Go's resolver assumes
    package_scoped: bool = False
    # path fragments that mark test code (ranked after non-test candidates)
    test_markers: tuple[str, ...] = ("/test/", "/tests/", "/testing/", "testdata/")
    # node types that hold local variables (`@var.*` captures belong to the nearest one)
    scope_nodes: frozenset[str] = frozenset()
    # parameter nodes of a signature outside any scope node (TypeScript's `type GetUrl =
    # (opts: Options) => string`): their typed names are the module table's, kept as the
    # type of a same-named untyped parameter even where that parameter is a local
    # (`const getUrl: GetUrl = (opts) => opts.url`, which TypeScript types from GetUrl)
    signature_parameters: frozenset[str] = frozenset()
    # names that stand for the enclosing type's instance (`self`, `this`; PHP's `$this`)
    self_names: frozenset[str] = frozenset()
    # names that stand for the one class the enclosing type extends (PHP's `parent::f()`;
    # a `super` node is read as that in every grammar)
    super_names: frozenset[str] = frozenset()
    # node types that name a variable (or `self`) in an expression: the names the type
    # table reads (`@var.name`, a `@ref.base`); PHP writes `$x` as a `variable_name`
    variable_nodes: frozenset[str] = frozenset({"identifier"})
    # fields naming the member of a member expression (`b` of `a.b`; PHP's `$a->b`)
    member_fields: tuple[str, ...] = ("field", "attribute", "property")
    # does calling this name build an instance of it (Python: classes are CapWords)?
    is_class_name: Callable[[str], bool] = lambda name: False
    # `Name.member` where Name is neither imported, nor defined in the file, nor a typed
    # variable: when this says Name reads as a class's name, it is the class Name of the
    # file's own package (the resolver's `unqualified`), which Java, Kotlin, C# and PHP
    # code names without an import. None: such a base stays unresolved
    package_classes: Callable[[str], bool] | None = None
    # a method's references include its overrides' and the methods it overrides (tsserver)
    override_family: bool = False
    # a file's package clause may name another package than its directory (Go: the files
    # of `cmd/trace` say `package main`): a lookup that matched such a file through its
    # directory name ranks it after the others
    package_named_by_file: bool = False
    # interfaces are satisfied by method sets, without a declaration (Go): every type
    # with all the methods an interface requires implements it
    structural_interfaces: bool = False
    # `from m import *` takes only the names m lists under this import-alias key (Python:
    # `__all__`); None: a star import takes every public name
    star_exports: str | None = None
    # type expressions whose last part names a type of another module (`http.Client`):
    # that last part is not a reference of its own, the whole is a `@ref.base`
    qualified_types: frozenset[str] = frozenset({
        "qualified_type", "nested_type_identifier", "scoped_type_identifier", "generic_type_qualified"})
    # What lode.symbols.typed reads a type from (node types shared by most grammars):
    # nodes that name a type or a callee, read as written
    type_names: frozenset[str] = frozenset({
        "identifier", "type_identifier", "attribute", "qualified_type", "dotted_name",
        "member_expression", "nested_type_identifier", "scoped_type_identifier",
        "field_identifier", "property_identifier", "selector_expression"})
    # wrappers around a type's name: `*T`, `T[K]`, `: T`, a Python `type` node
    type_wrappers: frozenset[str] = frozenset({
        "pointer_type", "type", "type_annotation", "generic_type", "unary_expression",
        "parenthesized_type", "reference_type", "composite_literal"})
    # expressions whose type is their inner expression's: `(x)`, `x!`, `await x`
    see_through: frozenset[str] = frozenset({"parenthesized_expression", "non_null_expression",
                                             "await_expression"})
    # calls, whose type is what the callee returns
    call_nodes: frozenset[str] = frozenset({"call_expression", "call"})
    # a union member that adds no type (`T | None`), and wrappers that make a type optional
    no_type: frozenset[str] = frozenset({"None", "null", "undefined", "void"})
    optional_types: frozenset[str] = frozenset({"Optional", "typing.Optional", "t.Optional"})
    # (language, regex): a file of this language whose bytes match the regex is read, for
    # its symbols only, with that language's grammar and rules (a C++ `.h` file; chunks
    # keep the extension's language). None: every file is read as its extension says
    reads_as: tuple[str, str] | None = None
