"""The records symbol extraction produces for one file.

Qualified names are dot-separated. Go names use the full import path form
(``example.com/mod/server.Handler.ServeHTTP``; ``/`` also separates segments when
matching trailing forms), every other language the module path derived from the
file path (``mypkg._impl.Widget.render``, ``geometry.Shape.area``).

Lines are 1-based; columns are 1-based byte offsets within the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .kinds import DEFINITION, METHOD, REFERENCE
KINDS = (DEFINITION, METHOD, REFERENCE)

# Relation kinds: `sub` extends/implements `base`; a Go interface `requires` a method
# name or `embeds` another interface (its method set is the union).
EXTENDS, IMPLEMENTS, REQUIRES, EMBEDS = "extends", "implements", "requires", "embeds"
# a function or method `returns` a type (its declared result): `New().Run` references
# in other files resolve through it
RETURNS = "returns"


@dataclass(frozen=True, slots=True)
class Symbol:
    """A qualified name at a position: a definition, a method definition or a reference.

    ``detail`` is the grammar's word for a definition (function, class, struct, …) and
    empty for references."""

    name: str
    kind: str
    line: int
    column: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Link:
    """``name`` is another name for ``target`` (a re-export or a module alias), stated at
    ``line``. Resolved at lookup time, so the target's own file may change freely.
    A ``name`` ending in ``.*`` re-exports everything below ``target``."""

    name: str
    target: str
    line: int
    column: int
    # False: reachable as an attribute (`pkg.Name` after `from .m import Name`) but not
    # part of the module's declared surface (`__all__`): a weaker candidate
    exported: bool = True


@dataclass(frozen=True, slots=True)
class Relation:
    sub: str
    base: str
    kind: str
    line: int
    column: int


@dataclass
class FileSymbols:
    """Everything one file contributes to the symbol index."""

    path: str
    language: str
    module: str
    symbols: list[Symbol] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    # local name → the qualified name it stands for (`h` → `net/http`, `W` → `mypkg.Widget`)
    aliases: dict[str, str] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """Qualified names this file defines (definitions, methods and re-exports)."""
        return defined_names(self.rows, self.links)

    @property
    def rows(self) -> list[tuple[str, str, int, int, str]]:
        """(name, kind, line, column, detail) of each symbol, in order: what a store writes."""
        return [(s.name, s.kind, s.line, s.column, s.detail) for s in self.symbols]

    def packed(self) -> "PackedSymbols":
        return PackedSymbols(self.path, self.language, self.module, self.names, self.rows,
                             self.links, self.relations, self.aliases)


def defined_names(rows: list[tuple[str, str, int, int, str]], links: list[Link]) -> list[str]:
    """The qualified names a file defines: of its symbol rows the definitions and
    methods, then its exported re-exports, each once, in order."""
    seen = dict.fromkeys(row[0] for row in rows if row[1] != REFERENCE)
    seen.update(dict.fromkeys(link.name for link in links if link.exported and not link.name.endswith(".*")))
    return list(seen)


@dataclass(slots=True)
class PackedSymbols:
    """A file's :class:`FileSymbols` as an index worker sends it to the process writing
    the store: the same contents, each symbol a plain tuple (``rows``) and the defined
    ``names`` listed. Unpickling a Symbol object costs ~2 µs, a tuple a tenth of that:
    on Go's standard library (~460k symbols) about a second of the writing process,
    which every worker waits for."""

    path: str
    language: str
    module: str
    names: list[str]
    rows: list[tuple[str, str, int, int, str]]
    links: list[Link]
    relations: list[Relation]
    aliases: dict[str, str]
