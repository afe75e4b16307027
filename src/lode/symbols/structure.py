"""Structural tools that read files, not the index: a file's outline and tree-sitter
queries over files (``query-ast``). A code file over ``HUGE_CODE_BYTES`` is outlined
piece by piece, as the indexer reads it (lode.chunking.huge); a query, which needs its
whole tree, skips it with its size in the errors."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, replace
from typing import Iterable, Iterator

from ..chunking import minified
from ..chunking.huge import HUGE_CODE_BYTES, MAX_PIECE_BYTES, huge_bytes, is_huge, piece_texts, plan_pieces, planned_end
from ..chunking.reader import read_text
from ..errors import FileRefused, InvalidParams
from ..languages import language_for_path, language_named
from ..languages.treesitter import grammar_for
from .extraction import extract_symbols
from .layout import layout_for
from .records import REFERENCE, Symbol
from .rules import rules_for

MAX_CAPTURE_TEXT = 200


@dataclass(frozen=True, slots=True)
class OutlineItem:
    name: str
    kind: str
    detail: str
    line: int
    column: int
    depth: int

    def to_dict(self) -> dict:
        return asdict(self)


def outline(path: str, root: str | None = None, text: str | None = None) -> list[OutlineItem]:
    """The definitions of one file in order, with their nesting depth. ``path`` is
    relative to ``root`` (the workspace root) when given."""
    if not root:  # the file alone: its folder is the root (an absolute path has no module path)
        root, path = os.path.split(os.path.abspath(path))
    full = os.path.join(root, path)
    spec = language_for_path(path)
    if spec is None:
        raise InvalidParams(f"{path}: not a code file lode knows", data={"param": "path"})
    if text is None:
        text = read_text(full)
    if minified(text):  # chunked as text, no symbols: nothing to outline
        return []
    data = huge_bytes(text)
    if data is not None:  # read in pieces, as the indexer reads it: a whole tree took ~115 bytes a byte
        del text
        symbols = _huge_definitions(path, data, spec, layout_for(root))
    else:
        fs = extract_symbols(path, text, None, spec, layout_for(root))
        if fs is None:
            return []
        symbols = fs.symbols
    rules = rules_for(spec)
    left_out = rules.outline_leaves_out if rules is not None else frozenset()
    items = []
    # an item sits under the items above it that own it by name (`Mux` owns `Mux.Route`):
    # a Go method after a constructor belongs to its receiver type, never to the
    # constructor, and sits under nothing unless its type is the item above it
    owners: list[str] = []
    for s in sorted((s for s in symbols if s.kind != REFERENCE and s.detail != "module"
                     and s.detail not in left_out),
                    key=lambda s: (s.line, s.column)):
        while owners and not s.name.startswith(owners[-1] + "."):
            owners.pop()
        items.append(OutlineItem(s.name, s.kind, s.detail, s.line, s.column, len(owners)))
        owners.append(s.name)
    return items


def symbols_in_pieces(path: str, data: bytes, spec, layout, every: bool = False,
                      plan=None) -> Iterator[Symbol]:
    """The symbols of a file over ``HUGE_CODE_BYTES`` (``data``: its bytes), read piece
    by piece with its header in front as the indexer reads them (lode.chunking.huge), so
    only a piece's tree is alive at once; lines are the file's. Without ``every``, the
    first of each (name, kind) only, as a whole extraction keeps them."""
    plan = plan or plan_pieces(path, data, spec)
    seen: set[tuple[str, str]] = set()
    for text, skip, shift in piece_texts(data, plan):
        fs = extract_symbols(path, text, None, spec, layout, every=every)
        del text
        if fs is None:
            return
        for s in fs.symbols:
            if s.line > skip and (every or (s.name, s.kind) not in seen):
                if not every:
                    seen.add((s.name, s.kind))
                yield replace(s, line=s.line + shift)


def _huge_definitions(path: str, data: bytes, spec, layout) -> list[Symbol]:
    """A large file's definitions (no references kept), or a refusal when part of it
    gives none: an outline missing the file's end would look whole."""
    plan = plan_pieces(path, data, spec)
    end = planned_end(plan)
    if end < len(data):
        line = data.count(b"\n", 0, end) + 1
        raise FileRefused(path, f"no outline: a large file ({len(data):,} bytes, over {HUGE_CODE_BYTES:,}) is "
                                f"read in pieces, and one top-level declaration from line {line} on is over "
                                f"{MAX_PIECE_BYTES:,} bytes, too large a piece to parse")
    return [s for s in symbols_in_pieces(path, data, spec, layout, plan=plan) if s.kind != REFERENCE]


@dataclass(frozen=True, slots=True)
class Capture:
    path: str
    capture: str
    line: int
    column: int
    end_line: int
    end_column: int
    text: str

    def to_dict(self) -> dict:
        return asdict(self)


def _files(paths: Iterable[str], root: str | None = None, rules: dict | None = None) -> Iterator[str]:
    """The files under ``paths`` that a workspace's rules admit — the files search sees:
    :func:`lode.workspace.walk.walk` (include/exclude globs, nested ``.gitignore``,
    hidden folders; a symlink pointing out is never followed, FIFOs and devices never
    opened). Given a workspace's ``rules``, a folder inside its ``root`` is walked by them
    from the root down (the root's ``.gitignore`` counts too); any other folder is walked
    as a workspace of its own would be, by the default rules. A file named explicitly is
    read as named."""
    from ..workspace.config import WorkspaceConfig
    from ..workspace.roots import within
    from ..workspace.walk import walk

    config = WorkspaceConfig.from_dict(rules) if rules is not None else None
    real_root = os.path.realpath(root) if root and config is not None else None
    for p in paths:
        if not os.path.isdir(p):
            yield p
            continue
        real = os.path.realpath(p)
        if config is not None and real_root is not None and within(real, real_root):
            prefix = "" if real == real_root else os.path.relpath(real, real_root).replace(os.sep, "/") + "/"
            yield from (e.abspath for e in walk(real_root, config) if e.path.startswith(prefix))
        else:
            yield from (e.abspath for e in walk(p, WorkspaceConfig()))


def query_ast(query: str, paths: Iterable[str], language: str | None = None,
              limit: int | None = 1000, base: str | None = None,
              counts: dict | None = None, rules: dict | None = None) -> tuple[list[Capture], list[dict]]:
    """Run a tree-sitter query over files (directories are walked); returns captures in
    file order and per-file errors; ``counts["total"]`` (when given) hears how many
    captures there are in all, past ``limit`` too, and ``counts["languages"]`` the languages
    it compiled for and ran on. A query that does not compile for a language is an
    error (``InvalidParams``) when ``language`` is given, else that language is skipped
    with the reason recorded."""
    spec_filter = language_named(language) if language else None
    if language and spec_filter is None:
        raise InvalidParams(f"unknown language {language!r}", data={"param": "language"})
    compiled: dict[str, object] = {}
    counts = counts if counts is not None else {}
    counts["total"] = 0
    out: list[Capture] = []
    errors: list[dict] = []
    for path in _files(paths, base, rules):
        spec = language_for_path(path)
        if spec is None or (spec_filter is not None and spec.name != spec_filter.name):
            continue
        grammar = grammar_for(spec)
        if spec.name not in compiled:
            try:
                compiled[spec.name] = grammar.query(query)
            except ValueError as exc:
                if spec_filter is not None:
                    raise InvalidParams(f"query does not compile for {spec.name}: {exc}",
                                        data={"param": "query"}) from None
                compiled[spec.name] = None
                errors.append({"language": spec.name, "error": str(exc)})
        q = compiled[spec.name]
        if q is None:
            continue
        try:
            text = read_text(path)
        except FileRefused as exc:
            errors.append({"path": path, "error": exc.reason})
            continue
        data = text.encode("utf-8", "surrogatepass")
        del text
        if is_huge(data):  # a query reads one whole tree: ~45 bytes of memory a source byte
            errors.append({"path": path, "error": f"not queried: {len(data):,} bytes, over the "
                                                  f"{HUGE_CODE_BYTES:,} a file is parsed whole up to"})
            continue
        tree = grammar.parse(data)
        if tree is None:
            errors.append({"path": path, "error": "parse timed out"})
            continue
        shown = os.path.relpath(path, base) if base else path
        found = []
        for name, nodes in grammar.captures(q, tree.root_node).items():
            for n in nodes:
                found.append((n.start_byte, name, n))
        counts["total"] += len(found)
        if limit and len(out) >= limit:
            continue  # only counted: the answer says how many it left out
        for _b, name, n in sorted(found, key=lambda t: (t[0], t[1])):
            body = data[n.start_byte:n.end_byte].decode("utf-8", "replace")
            if len(body) > MAX_CAPTURE_TEXT:
                body = body[:MAX_CAPTURE_TEXT] + "…"
            out.append(Capture(shown, name, n.start_point[0] + 1, n.start_point[1] + 1,
                               n.end_point[0] + 1, n.end_point[1] + 1, body))
            if limit and len(out) >= limit:
                break
    counts["languages"] = sorted(name for name, q in compiled.items() if q is not None)
    return out, errors
