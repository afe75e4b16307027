"""Go symbol rules: the package is named by its import path (module path from the
nearest go.mod, then the directory); methods are qualified by their receiver type,
pointer or not; only capitalised names are visible to other packages."""

from __future__ import annotations  # re.Pattern below, unimported: a look-up needs no re

from ..spec import own_query
from ..symbolrules import SymbolRules

# Where a local hides an import (`func Host(url *URL) string { return url.Host }` beside
# import "net/url"). Scoping every parameter and := name of every file cost the symbols
# stage ~30% on Go's tree, for the few files where one shares an import's name; here a
# file reads only the parameter and := names the query captured anyway, and a name
# found bound is searched for in the text and its bindings read from the tree.
FUNCTIONS = frozenset({"function_declaration", "method_declaration", "func_literal"})
PARAMETERS = frozenset({"parameter_declaration", "variadic_parameter_declaration"})
# a name declared in a statement's own clause is one of that whole statement
CLAUSES = frozenset({"for_clause", "range_clause"})
_bare: dict[bytes, re.Pattern] = {}


def hidden_imports(ctx, root, typed: list) -> None:
    """Add the scopes where a parameter, a := or range name or a function's `var` spelled
    as an import hides it: a function's body for its parameters (a function type's,
    `type H func(url string)`, hide nothing), else from the end of its declaration
    (`url, err := url.Parse(s)` reads the import on its right) to the end of the block,
    `if` or `for` statement declaring it. Only names some typed parameter, := or var
    (``typed``, the query's @var.name captures, read anyway) binds, or that stand
    left of a := in the text (`status, url := lookup(code)`), are looked for."""
    data = ctx.data
    names = {name.encode(): name for name in ctx.aliases if name}
    bound = set()
    for caps in typed:
        for node in caps.get("var.name", ()):
            raw = data[node.start_byte:node.end_byte]
            if raw in names:
                bound.add(raw)
    start = ctx.extra.get("imports_end", 0)
    # `status, url := lookup(code)`, `url := r.URL`, `for _, url := range urls`: untyped.
    # gofmt's spacing; one split of the file is ~3x cheaper than a find per import. The
    # words left of each := on its line, split at once and met with the names in C
    lefts = [left[left.rfind(b"\n") + 1:] for left in data[start:].split(b" :=")[:-1]]
    if lefts:
        bound.update(set(b" ".join(lefts).replace(b",", b" ").split()).intersection(names))
    for raw in bound:
        name = names[raw]
        pattern = _bare.get(name)
        if pattern is None:
            import re

            word = re.escape(raw)
            # the name first: the search skips ahead to it as a literal
            pattern = _bare[name] = re.compile(word + rb'(?<![\w."/]' + word + rb')(?![\w."/])')
        found = pattern.search(data, start)
        if found is None:
            continue
        for i, j in _bindings(data, pattern, found):
            scope = _scope(root.descendant_for_byte_range(i, j))
            if scope is not None:
                ctx.type_params.setdefault(raw, []).append((scope[0], scope[1], "local"))


def _bindings(data: bytes, pattern: re.Pattern, first: re.Match):
    """Where code may bind a package name as a local, from ``first``, the first bare
    use ``pattern`` found: Go lets a package name stand only before a dot, so a bare
    one is a local's. A bare name (not in a `//` comment or a string) is a binding's
    where one can stand: before `:=` or `,` (`url, err :=`), before a type after `(` or
    `,` (a parameter `url *url.URL`), or after `var` (not a struct's field `url
    string`). The tree says which it is."""
    m = first
    while m is not None:
        i, j = m.span()
        m = pattern.search(data, j)
        line = data.rfind(b"\n", 0, i) + 1
        if data.find(b"//", line, i) >= 0 or data.count(b'"', line, i) % 2:
            continue  # in a comment or a string
        rest = data[j:j + 3].lstrip(b" \t")
        if rest[:2] == b":=" or rest[:1] == b",":
            yield i, j
            continue
        before = data[max(line - 200, 0):i].rstrip()
        if before[-1:] in (b"(", b",") and rest[:1] and rest[:1] not in b")=;:\n" \
                or before.endswith(b"var"):
            yield i, j


def _scope(node) -> tuple[int, int] | None:
    """The span a local's name node hides its import over, or None when the node binds
    nothing (an argument `f(url, x)`, a function type's parameter)."""
    if node is None or node.type != "identifier":
        return None
    parent = node.parent
    kind = parent.type if parent is not None else None
    if kind in PARAMETERS:
        function = parent.parent.parent if parent.parent is not None else None
        if function is None or function.type not in FUNCTIONS:
            return None
        body = function.child_by_field_name("body")
        return (body.start_byte, body.end_byte) if body is not None else None
    if kind == "expression_list":
        declaration = parent.parent
        if declaration is None or declaration.type not in ("short_var_declaration", "range_clause") \
                or declaration.child_by_field_name("left") != parent:
            return None
    elif kind == "var_spec":
        declaration = parent
    else:
        return None
    holder = declaration.parent
    while holder is not None and holder.type in ("var_declaration", "var_spec_list"):
        holder = holder.parent
    if holder is None or holder.type == "source_file":
        return None  # the package's own variable
    if holder.type in CLAUSES:
        holder = holder.parent
    return declaration.end_byte, holder.end_byte


BUILTINS = frozenset(
    "append cap clear close complex copy delete imag len make max min new panic print println "
    "real recover bool byte comparable complex64 complex128 error float32 float64 int int8 int16 "
    "int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any".split())

RULES = SymbolRules(
    resolver="go",
    query=own_query("go", "symbols.scm"),
    # receivers qualify methods; an interface qualifies the methods it lists
    scopes=frozenset({"interface"}),
    markers=("go.mod",),
    builtins=BUILTINS,
    exported=lambda name: name[:1].isupper(),
    test_markers=("_test.go", "/testdata/"),
    scope_nodes=frozenset({"function_declaration", "method_declaration", "func_literal"}),
    package_named_by_file=True,
    structural_interfaces=True,
    type_parameters=frozenset({"type_parameter"}),
    hidden_imports=hidden_imports,
    # a local hides an import where a value is named, never a type
    type_parameter_nodes={"local": frozenset({"identifier"})},
)
