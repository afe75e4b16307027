"""Lookups over the symbol tables: definitions, references, implementations, names.

A query is a qualified name with at least one dot (``::`` is read as ``.``). Any
trailing form of a stored name matches it (``_impl.Widget``, ``Widget.render``,
``http.Client`` for ``net/http.Client``) — one index range scan over the reversed
names. Re-exports and module aliases (links) are followed at lookup time, both for the
whole query (``mypkg.Widget``) and for a prefix of it (``std.mem.Allocator`` through
``std.mem`` → ``mem``). Several plausible candidates are all returned, ranked: exact
full name first, then names reached through a link, then trailing forms; non-test code
before test code. Nothing plausible → an empty list, never a guess.
"""

from __future__ import annotations

from collections import namedtuple

from ..errors import InvalidParams
from ..languages import language_for_path, registered_for_path
from ..pathroles import is_auxiliary
from .rules import rules_for  # not .extraction: a look-up needs no tree-sitter
from .kinds import DEFINITION, METHOD, REFERENCE

MAX_LINK_DEPTH = 4
MAX_NAME_CHARS = 1000  # a qualified name longer than this is refused, not looked up
DEFAULT_LIMIT = 100
_DEFS = (DEFINITION, METHOD)
_TYPES = frozenset({"class", "struct", "interface", "trait"})
_PATH_ROOTS = ("crate.", "self.", "super.")


class Candidate(namedtuple("Candidate", "name path line column kind module detail via target test workspace",
                           defaults=("", "", "", False, ""))):
    """One place a name is defined or used. Fields: name, path, line, column, kind,
    module; detail, via (where the re-export or alias followed is stated, "path:line"),
    target (the definition's own qualified name, when reached through a link), test and
    workspace, empty unless given. A named tuple: a dataclass would import dataclasses,
    and inspect, ast and dis behind it, for every command-line look-up."""

    __slots__ = ()

    def to_dict(self) -> dict:
        return self._asdict()


class TopLevelName(str):
    """A name without a dot that the index holds whole (a Java or Kotlin class in a file
    without a package clause): the service found it for a bare name, so it is looked up
    as it is rather than refused as unqualified."""


def normalize(query: str) -> str:
    """``a::b`` → ``a.b``; surrounding whitespace and backticks dropped; refuses bare
    names (but a :class:`TopLevelName`)."""
    if len(query) > MAX_NAME_CHARS:
        raise InvalidParams(f"invalid params: the name is longer than {MAX_NAME_CHARS} characters",
                            data={"param": "name"})
    q = query.strip().strip("`").replace("::", ".").strip(".")
    if not q:
        raise InvalidParams("invalid params: the name is empty", data={"param": "name"})
    if "." not in q and "/" not in q:
        if isinstance(query, TopLevelName):
            return TopLevelName(q)
        raise InvalidParams(
            f"{q!r} is not qualified: give at least one dot (e.g. Type.method or module.{q}), "
            f"or find the full name with a symbol search",
            # no interface's command named: each has its own way to search (the service
            # answers a bare name with its qualified names before it gets here)
            data={"param": "name", "search": q})
    return q


def _rules(path: str):
    """The symbol rules of the language a path is written in (None: none). The path is
    one the index holds symbols of, so its grammar loaded when it was indexed: the
    language by extension, without loading the grammar again."""
    spec = registered_for_path(path)
    return rules_for(spec) if spec is not None else None


def is_test_path(path: str) -> bool:
    rules = _rules(path)
    markers = rules.test_markers if rules is not None else ("/test/", "/tests/")
    p = "/" + path
    return any(m in p for m in markers)


def tier(c: "Candidate") -> int:
    """Where a candidate's group stands in a list of them: the project's own code (0),
    then examples, documentation sources and vendored code (1; the one rule search
    ranking reads), then tests (2). The order within a group is the list's own."""
    return 2 if c.test else 1 if is_auxiliary(c.path) else 0


def path_tier(path: str) -> int:
    """:func:`tier` of a location known by its path only (a language server's answer)."""
    return 2 if is_test_path(path) else 1 if is_auxiliary(path) else 0


def _package_file(path: str) -> bool:
    """Whether ``path`` is a file standing for its folder (``__init__.py``, ``index.ts``,
    ``mod.rs``): what it re-exports is its package's public name."""
    rules = _rules(path)
    stem = path.rsplit("/", 1)[-1].split(".", 1)[0]
    return rules is not None and stem in rules.index_stems


def _suffix_range(name: str) -> tuple[str, str]:
    """The rname range holding ``name`` and every name it is a trailing form of
    (followed by ``.`` or ``/``, the two separators; ``0`` sorts right after ``/``)."""
    r = name[::-1]
    return r, r + "0"


def _trailing(rname: str, r: str) -> bool:
    return len(rname) == len(r) or rname[len(r)] in "./"


class SymbolIndex:
    """Lookups over a store's symbol tables (``store.symbols``), optionally limited to
    one workspace."""

    def __init__(self, store, workspace_id: int | None = None):
        self.tables = store.symbols
        self.workspace_id = workspace_id
        # each name's ranked definitions, once per index (one request's): references and
        # implementations start from them, and an empty answer names the first
        self._ranked: dict[tuple[str, int], list[Candidate]] = {}

    # ---- raw rows -------------------------------------------------------------------

    def _rows(self, name: str, kinds: tuple[str, ...], trailing: bool):
        if trailing:
            lo, hi = _suffix_range(name)
            rows = self.tables.named_range(lo, hi, kinds, self.workspace_id)
            return [r for r in rows if _trailing(r[0], lo)]
        return self.tables.named(name[::-1], kinds, self.workspace_id)

    def _candidate(self, row, via: str = "") -> Candidate:
        rname, path, line, col, kind, module, detail, ws = row
        return Candidate(rname[::-1], path, line, col, kind, module or "", detail, via,
                         "", is_test_path(path), ws)

    def _links(self, name: str, trailing: bool, wild: bool | None):
        if trailing:
            lo, hi = _suffix_range(name)
            rows = [r for r in self.tables.links_range(lo, hi, self.workspace_id) if _trailing(r[0], lo)]
        else:
            rows = self.tables.links(name[::-1], self.workspace_id)
        return [r for r in rows if wild is None or (r[4] == 1) == wild]

    # ---- definitions ----------------------------------------------------------------

    def definitions(self, query: str, limit: int | None = DEFAULT_LIMIT, *,
                    inherit: int = MAX_LINK_DEPTH) -> list[Candidate]:
        """``inherit`` bounds how many enclosing names are looked up for an inherited
        member (each looks up its owner's definitions): bounded work, no recursion
        proportional to the number of dots in the query."""
        q = normalize(query)
        ranked = self._ranked.get((q, inherit))
        if ranked is None:
            ranked = self._ranked[(q, inherit)] = self._definitions(q, inherit)
        return ranked[:limit] if limit else list(ranked)

    def _definitions(self, q: str, inherit: int) -> list[Candidate]:
        found: dict[tuple[str, str, int, int], tuple[tuple, Candidate]] = {}

        def add(c: Candidate, rank: int) -> None:
            # two checkouts of a project: both listed; two definitions on one line too
            # (Haskell's `newtype Money = Money Int`: the type and its constructor)
            k = (c.workspace, c.path, c.line, c.column)
            # a module stands behind anything it defines, a module reached through a link
            # behind the one named so (`export * from './stream/sse.types'` makes no
            # `types` of its own); examples, docs sources and tests behind other code
            # (tier); a prototype (C, C++) behind the body it declares
            module = c.detail == "module"
            key = (rank, module, module and bool(c.via), tier(c), c.detail == "declaration", len(c.name),
                   c.path, c.line)
            if k not in found or key < found[k][0]:
                found[k] = (key, c)

        rows = self._rows(q, _DEFS, trailing=True)
        for row in rows:
            c = self._candidate(row)
            rank = 0 if c.name == q else 2
            if rank == 0 and c.detail == "module":
                rank = 1  # behind a value re-exported under the module's own name (TS: a.ts beside a/)
            if rank and len(rows) > 1 and _says(c.path, "package_named_by_file") and self._dir_not_package(c, q):
                rank = 3  # Go: `trace.X` matched cmd/trace, whose files say `package main`
            add(c, rank)
        walk = _LinkWalk(self)
        for c, rank in walk.through(q, 0, trailing=True):
            add(c, rank)
        if not found and "." in q and inherit > 0:
            for c in self._inherited(q, walk, inherit - 1):
                add(c, 4)
        if not found and q.startswith(_PATH_ROOTS) and q.count(".") > 1:
            # Rust's `crate::net::udp::X` (or `self::`/`super::`) names a path below some
            # crate root: its trailing form `net.udp.X` finds it
            return self.definitions(q.split(".", 1)[1], None, inherit=inherit)
        return [c for _k, c in sorted(found.values(), key=lambda kc: kc[0])]

    def _dir_not_package(self, c: Candidate, q: str) -> bool:
        """Did ``q`` match a Go candidate through its directory name while the file's
        package clause names another package?"""
        first = q.split(".", 1)[0].rsplit("/", 1)[-1]
        if c.module.rsplit("/", 1)[-1] != first:
            return False
        return self.tables.states_wild_link(c.workspace, c.path, c.module)

    def _inherited(self, q: str, walk: "_LinkWalk", inherit: int = 0) -> list[Candidate]:
        """``Sub.member`` defined by a base class (``class Flask(App)`` → ``App.member``)."""
        head, leaf = q.rsplit(".", 1)
        if "." not in head and "/" not in head:
            return []
        try:
            owners = self.definitions(head, limit=20, inherit=inherit)
        except InvalidParams:
            return []
        out: list[Candidate] = []
        seen: set[str] = set()
        frontier = [c.target or c.name for c in owners if c.detail in _TYPES]
        for _depth in range(MAX_LINK_DEPTH):
            bases = []
            for sub in frontier:
                if sub in seen:
                    continue
                seen.add(sub)
                bases += self.tables.extended_by(sub)
            for base in bases:
                for c in walk.exact(f"{base}.{leaf}", 0):
                    out.append(Candidate(f"{head}.{leaf}", c.path, c.line, c.column, c.kind, c.module,
                                         c.detail, f"inherited from {base}", c.target or c.name,
                                         c.test, c.workspace))
            if out or not bases:
                break
            frontier = bases
        return out

    # ---- references -----------------------------------------------------------------

    def equivalents(self, query: str) -> tuple[list[Candidate], set[str]]:
        """A name's definitions and every name that stands for them (the definitions'
        own names and the links pointing at them)."""
        defs = self.definitions(query, limit=None)
        names = self._linked({c.name for c in defs})
        names |= {c.target for c in defs if c.target}
        # a member of a re-exported type: `from pkg import Client` then `Client.send` is
        # stored as `pkg.Client.send`, a name no link points at (the link is the class's)
        for c in defs:
            full = c.target or c.name
            if not c.module or not full.startswith(c.module + "."):
                continue
            inner = full[len(c.module) + 1:].split(".")
            for i in range(1, len(inner)):
                owner, rest = ".".join([c.module, *inner[:i]]), ".".join(inner[i:])
                names |= {f"{alias}.{rest}" for alias in self._linked({owner}) if alias != owner}
        return defs, names

    def _linked(self, start: set[str]) -> set[str]:
        """``start`` and every name a link chain (bounded) points at one of them from."""
        names = set(start)
        frontier = set(names)
        for _ in range(MAX_LINK_DEPTH):
            new = set()
            for target in frontier:
                for rname in self.tables.linked_to(target):
                    n = rname[::-1]
                    if n not in names:
                        new.add(n)
            names |= new
            frontier = new
            if not frontier:
                break
        return names

    def _subtypes(self, types: set[str], kinds=("extends", "embeds")) -> set[str]:
        """Types that extend or embed any of ``types``, transitively (bounded)."""
        out: set[str] = set()
        frontier = set(types)
        for _ in range(MAX_LINK_DEPTH):
            new = set()
            for base in frontier:
                for sub in self.tables.subs(base, tuple(kinds)):
                    if sub not in out and sub not in types:
                        new.add(sub)
            out |= new
            frontier = new
            if not frontier:
                break
        return out

    def _inherited_names(self, defs: list[Candidate]) -> set[str]:
        """``Sub.m`` for a member ``Base.m`` that ``Sub`` inherits or (Go) gets from an
        embedded struct without defining its own: `sub.m()` calls reach ``Base.m``."""
        out: set[str] = set()
        for d in defs:
            if d.kind != METHOD and d.detail not in ("attribute", "property", "field"):
                continue
            owner, _, member = (d.target or d.name).rpartition(".")
            if not owner:
                continue
            for sub in self._subtypes({owner}):
                name = f"{sub}.{member}"
                if not self._rows(name, _DEFS, trailing=False):
                    out.add(name)
        return out

    def _supertypes(self, types: set[str]) -> set[str]:
        """Types that any of ``types`` extends or implements, transitively (bounded)."""
        out: set[str] = set()
        frontier = set(types)
        for _ in range(MAX_LINK_DEPTH):
            new = set()
            for sub in frontier:
                for base in self.tables.bases(sub, ("extends", "implements")):
                    if base not in out and base not in types:
                        new.add(base)
            out |= new
            frontier = new
            if not frontier:
                break
        return out

    def _override_family(self, defs: list[Candidate]) -> set[str]:
        """For languages whose rules say so (TypeScript: ``override_family``), a method's
        references are its whole family's, as tsserver counts them: the declarations it
        overrides or implements up the hierarchy, and every override below them."""
        out: set[str] = set()
        for d in defs:
            spec = language_for_path(d.path)
            rules = rules_for(spec) if spec is not None else None
            if d.kind != METHOD or rules is None or not rules.override_family:
                continue
            owner, _, member = (d.target or d.name).rpartition(".")
            roots = {owner} | {b for b in self._supertypes({owner})
                               if self._rows(f"{b}.{member}", _DEFS, trailing=False)}
            for t in roots | self._subtypes(roots, ("extends", "implements")):
                out.add(f"{t}.{member}")
        return out

    def _through_results(self, names: set[str]) -> set[str]:
        """``F().m`` for a member ``T.m`` and every function ``F`` that returns ``T``:
        a value built by a call in another file (``r := chi.NewRouter(); r.Get(…)``)."""
        out: set[str] = set()
        for name in names:
            owner, _, member = name.rpartition(".")
            if not owner or owner.endswith(")"):
                continue
            for fn in self.tables.subs(owner, ("returns",)):
                out.add(f"{fn}().{member}")
        return out

    def references(self, query: str, limit: int | None = DEFAULT_LIMIT) -> list[Candidate]:
        q = normalize(query)
        defs, names = self.equivalents(q)
        names |= self._inherited_names(defs)
        names |= self._override_family(defs)
        names |= self._through_results(names)
        names |= _as_written(defs)
        rows = []
        if names:
            for n in names:
                rows += self._rows(n, (REFERENCE,), trailing=False)
        else:  # not defined in the index (a dependency): match references by trailing form
            rows = self._rows(q, (REFERENCE,), trailing=True)
        out = {}
        for r in rows:
            c = self._candidate(r)
            out.setdefault((c.workspace, c.path, c.line, c.name), c)
        ranked = sorted(out.values(), key=lambda c: (tier(c), c.path, c.line))
        return ranked[:limit] if limit else ranked

    # ---- implementations --------------------------------------------------------------

    def implementations(self, query: str, limit: int | None = DEFAULT_LIMIT) -> list[Candidate]:
        q = normalize(query)
        defs, names = self.equivalents(q)
        if not names:
            names = {q}
        leaf = q.rsplit(".", 1)[-1]
        out: dict[tuple[str, str, int], Candidate] = {}
        seen_bases: set[str] = set()
        frontier = set(names)
        for depth in range(MAX_LINK_DEPTH):
            next_frontier = set()
            for base in frontier - seen_bases:
                seen_bases.add(base)
                for row in self._relations_to(base, leaf if depth == 0 else None):
                    sub, path, line, col, kind, module, ws = row
                    c = Candidate(sub, path, line, col, kind, module or "", "", "", "", is_test_path(path), ws)
                    out.setdefault((ws, path, line), c)
                    next_frontier.add(sub)
            frontier = next_frontier
            if not frontier:
                break
        for d in defs:
            if d.detail == "interface" and _says(d.path, "structural_interfaces"):
                for c in self._structural_implementers(d.target or d.name, language_for_path(d.path).name):
                    out.setdefault((c.workspace, c.path, c.line), c)
        ranked = sorted(out.values(), key=lambda c: (tier(c), c.path, c.line))
        return ranked[:limit] if limit else ranked

    def _relations_to(self, base: str, bare: str | None):
        rows = self.tables.extending(base, self.workspace_id)
        if bare is not None and bare != base:
            # a base the extractor could not qualify (no import said where it is from)
            rows += self.tables.extending(bare, self.workspace_id)
        return rows

    def _method_set(self, iface: str, depth: int = 0) -> set[str] | None:
        rows = self.tables.members(iface)
        methods = {b for b, k in rows if k == "requires"}
        for base, kind in rows:
            if kind == "embeds":
                if depth >= MAX_LINK_DEPTH:
                    return None
                inner = self._method_set(base, depth + 1)
                if inner is None:
                    return None  # an embedded interface we do not know: cannot decide
                methods |= inner
        return methods

    def _structural_implementers(self, iface: str, language: str) -> list[Candidate]:
        """Types of ``language`` whose methods include every method ``iface`` requires."""
        methods = self._method_set(iface)
        if not methods:
            return []  # the empty interface (or an unknown one): everything, or nothing sure
        owners: set[str] | None = None
        for m in sorted(methods):
            lo, hi = _suffix_range(m)
            rnames = self.tables.method_rnames(lo + ".", lo + "/", language, self.workspace_id)
            types = {r[len(lo) + 1:][::-1] for r in rnames}
            types |= self._subtypes(types, ("embeds",))  # promoted through an embedded struct
            owners = types if owners is None else owners & types
            if not owners:
                return []
        out = []
        for t in sorted(owners or ()):
            if t == iface:
                continue
            # an interface listing the same methods satisfies it too, but is not an implementation
            out += [c for c in (self._candidate(r) for r in self._rows(t, _DEFS, trailing=False))
                    if c.detail != "interface"]
        return out

    # ---- names ----------------------------------------------------------------------

    def names(self) -> list[str]:
        """The name stream: every name a file contributes, file by file."""
        return self.tables.names(self.workspace_id)

    def list_symbols(self, prefix: str | None = None, kinds: list[str] | None = None,
                     limit: int | None = 1000) -> list[Candidate]:
        """Definitions under ``prefix`` in name order. The prefix may be any trailing
        form, as in lookups (``binding.`` lists ``example.com/gin/binding.X``).
        ``kinds`` holds record kinds (definition, method, reference) and/or details
        (function, class, struct, …); an unknown one is refused with the known ones."""
        record_kinds = [k for k in kinds or () if k in (DEFINITION, METHOD, REFERENCE)]
        details = [k for k in kinds or () if k not in record_kinds]
        if details:
            known = self.tables.details()
            unknown = [d for d in details if d not in known]
            if unknown:
                raise InvalidParams(
                    f"unknown kind {unknown[0]!r}: use definition, method, reference, or one of "
                    f"the details this index holds: {', '.join(sorted(known))}", data={"param": "kinds"})
        kinds_t = tuple(record_kinds or _DEFS)
        out = [self._candidate(r) for r in self.tables.of_kinds(kinds_t, self.workspace_id)]
        if details:
            out = [c for c in out if c.detail in details]
        if prefix:
            p = prefix.strip().replace("::", ".")
            out = [c for c in out if _under(c.name, p)]
        out.sort(key=lambda c: (c.name, c.path, c.line))
        return out[:limit] if limit else out

    def file_symbols(self, path: str) -> list[Candidate]:
        return [self._candidate(r) for r in self.tables.in_file(path, self.workspace_id)]

    def name_roles(self, leaf: str) -> dict[str, int]:
        """What each name of the name stream ending in ``leaf`` is, as fuzzy search ranks
        names spelled alike (two queries for them all): 0 a definition outside tests, or
        a package's re-export (`from ._impl import Widget` in `__init__.py`: the name its
        users write); 1 a definition in tests; 2 an import in code (another module's `from
        ._generate_schema import GenerateSchema`); 3 one in tests."""
        roles: dict[str, int] = {}
        for r in self._rows(leaf, _DEFS, True):
            name = r[0][::-1]
            roles[name] = min(roles.get(name, 1), 1 if is_test_path(r[1]) else 0)
        for r in self._links(leaf, True, None):
            name = r[0][::-1]
            role = 0 if _package_file(r[2]) else 3 if is_test_path(r[2]) else 2
            roles[name] = min(roles.get(name, 3), role)
        return roles


class _LinkWalk:
    """Following links for one lookup: each target resolved once, and a budget of
    link rows so that chains of ``export *`` cannot blow up a lookup."""

    BUDGET = 400

    def __init__(self, index: SymbolIndex):
        self.index = index
        self.cache: dict[str, list[Candidate]] = {}
        self.budget = self.BUDGET
        self.own: dict[tuple[str, str], set[str]] = {}

    def exact(self, name: str, depth: int) -> list[Candidate]:
        """Definitions of a fully qualified name (a link's target), links followed."""
        hit = self.cache.get(name)
        if hit is not None:
            return hit
        self.cache[name] = []  # a cycle back to this name finds nothing
        out = [self.index._candidate(r) for r in self.index._rows(name, _DEFS, trailing=False)]
        if all(c.detail == "module" for c in out) and depth < MAX_LINK_DEPTH:
            out = out + [c for c, _rank in sorted(self.through(name, depth + 1, trailing=False),
                                                  key=lambda cr: cr[1])]
        self.cache[name] = out
        return out

    def _distinct(self, name: str, trailing: bool, wild: bool | None):
        """Links for a name, one per (name, target): every file of a Go package states
        the same package-name link. A link naming its own file's module (Go's package
        name for an import path) holds only for the files that state it, kept in
        ``self.own`` (a directory may mix packages: testdata)."""
        out = {}
        for row in self.index._links(name, trailing, wild):
            k = (row[0], row[1])
            if k not in out:
                out[k] = row[:5]
            if row[5] == row[1]:
                self.own.setdefault(k, set()).add(row[2])
        return list(out.values())

    def _star_exports(self, module: str, rest: str, key: str) -> bool:
        first = rest.split(".", 1)[0]
        if first.startswith("_"):
            return False
        for aliases in self.index.tables.module_aliases(module):
            listed = aliases.get(key)
            if listed is not None and first not in listed.split():
                return False
        return True

    def through(self, q: str, depth: int, trailing: bool):
        """Candidates reached by following links for ``q`` or for a prefix of it."""
        if depth > MAX_LINK_DEPTH:
            return
        links = self._distinct
        for rname, target, path, line, flag in links(q, trailing, wild=False):
            self.budget -= 1
            if self.budget < 0:
                return
            name = rname[::-1]
            for c in self.exact(target, depth):
                yield _via(c, path, line, name), _link_rank(name == q, flag)
        parts = q.split(".")
        for i in range(len(parts) - 1, 0, -1):
            head, rest = ".".join(parts[:i]), ".".join(parts[i:])
            found = links(head, trailing, wild=None)
            # `export * from './x'` in x's sibling file of the folder's name: head.* -> head.x.*;
            # a name already inside one of those modules is not head's to re-export again
            inside = any(row[4] == 1 and q.startswith(row[1] + ".") for row in found)
            for rname, target, path, line, flag in found:
                if inside and flag == 1:
                    continue
                self.budget -= 1
                if self.budget < 0:
                    return
                name = rname[::-1]
                own = self.own.get((rname, target))
                rules = _rules(path) if flag == 1 else None
                if rules is not None and rules.star_exports and not self._star_exports(target, rest,
                                                                                       rules.star_exports):
                    continue  # Python: `from m import *` takes only what m's __all__ lists
                for c in self.exact(f"{target}.{rest}", depth):
                    if own is not None and c.path not in own:
                        continue  # same directory, another package
                    yield _via(c, path, line, f"{name}.{rest}"), _link_rank(name == head, flag)


def _link_rank(exact: bool, flag: int) -> int:
    """Through a link: 1 when it names the query exactly, 3 by a trailing form, 5 when
    the link is an attribute outside the module's declared surface."""
    if flag == 2:
        return 5
    return 1 if exact else 3


def _via(c: Candidate, path: str, line: int, name: str) -> Candidate:
    return Candidate(name, c.path, c.line, c.column, c.kind, c.module, c.detail,
                     c.via or f"{path}:{line}", c.target or c.name, c.test, c.workspace)


def _under(name: str, prefix: str) -> bool:
    """Does ``name`` start with ``prefix``, or does one of its trailing forms?"""
    if name.startswith(prefix):
        return True
    i = name.find(prefix)
    while i > 0:
        if name[i - 1] in "./":
            return True
        i = name.find(prefix, i + 1)
    return False


def _as_written(defs: list[Candidate]) -> set[str]:
    """The names, without their package, that a use of each definition is stored under in
    a file with a wildcard import (Kotlin's `import io.ktor.client.request.*`, then
    `HttpRequestPipeline.Render`: this package's or an imported one's, so kept as
    written), for the languages whose packages see each other's names without imports."""
    out = set()
    for c in defs:
        name = c.target or c.name
        if c.module and name.startswith(c.module + ".") and _says(c.path, "package_scoped"):
            out.add(name[len(c.module) + 1:])
    return out


def _says(path: str, rule: str) -> bool:
    """Does the language of ``path`` follow ``rule`` (a flag of its SymbolRules)?"""
    rules = _rules(path)
    return rules is not None and getattr(rules, rule)
