"""A file's outline as the tree of ``DocumentSymbol``s an editor draws (outline view,
breadcrumbs, sticky scroll) when it says it takes one
(``hierarchicalDocumentSymbolSupport``).

The outline gives each definition's first line and its depth, not where it ends: a
definition is taken to run until the next one at its depth or above starts (the last
ones to the end of the file), leaving out the blank lines before that one and the
comment and decorator lines written at its indentation (its doc comment, ``@route``).
A child's range so lies inside its parent's, as the protocol requires.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from ..service import utf16_length

# how a line that belongs to the declaration below it starts: a comment or a decorator
LEADING = ("@", "#", "//", "/*", "*", "--", ";", "%")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def tree(items: list[dict], names: list[lsp.Range], lines: list[str],
         kind_of, split) -> list[lsp.DocumentSymbol]:
    """The outline ``items`` (in order, each with ``line`` and ``depth``) as nested
    symbols; ``names``: the range of each item's name (its selection range);
    ``kind_of(item)``, ``split(name)``: the symbol kind and (container, leaf) of a name."""
    ends = [len(lines)] * len(items)
    open_: list[int] = []  # items whose end is not known yet, outermost first
    for i, item in enumerate(items):
        if open_ and items[open_[-1]]["depth"] >= item["depth"]:
            end = item["line"] - 1
            below = _indent(lines[end]) if end < len(lines) else 0
            while end > 0 and (not lines[end - 1].strip() or (
                    _indent(lines[end - 1]) <= below and lines[end - 1].lstrip().startswith(LEADING))):
                end -= 1
            while open_ and items[open_[-1]]["depth"] >= item["depth"]:
                ends[open_.pop()] = end
        open_.append(i)
    roots: list[lsp.DocumentSymbol] = []
    parents: list[tuple[int, lsp.DocumentSymbol]] = []  # (depth, symbol) of the enclosing ones
    for item, name, end in zip(items, names, ends):
        first = item["line"]
        while end > first and not lines[end - 1].strip():
            end -= 1
        end = max(end, first)
        last = lines[end - 1].rstrip("\r") if 0 < end <= len(lines) else ""
        full = lsp.Range(lsp.Position(first - 1, 0), lsp.Position(end - 1, utf16_length(last)))
        if not (full.start.line <= name.start.line and name.end.line <= full.end.line):
            name = lsp.Range(full.start, full.start)
        symbol = lsp.DocumentSymbol(name=split(item["name"])[1], kind=kind_of(item), range=full,
                                    selection_range=name, children=[])
        while parents and parents[-1][0] >= item["depth"]:
            parents.pop()
        (parents[-1][1].children if parents else roots).append(symbol)
        parents.append((item["depth"], symbol))
    return roots
