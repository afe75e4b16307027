"""The symbol operations over a store, as plain dicts: what the service, the CLI and
the daemon return. Paths are relative to their workspace's root."""

from __future__ import annotations

import os
from _thread import allocate_lock  # threading.Lock, without importing threading

from ..errors import InvalidParams, LodeError
from ..workspace.roots import holding
from .index import DEFAULT_LIMIT, SymbolIndex, normalize, tier

TYPE_CHECKING = False  # the fuzzy matcher loads only to build one (matcher())
if TYPE_CHECKING:
    from .fuzzy import NameMatcher

_CANDIDATE_KEYS = ("name", "path", "line", "column", "kind", "module", "detail", "via", "target",
                   "test", "workspace")
_matchers: dict[tuple, tuple[tuple, NameMatcher]] = {}
_lock = allocate_lock()


def _workspace_id(store, workspace) -> int | tuple[int, ...] | None:
    """The symbol tables' scope for ``workspace``: a name or root (one id), a list of
    them (a server's several projects: a tuple of ids, or one id when they are one),
    or None (the whole store)."""
    if workspace is None:
        return None
    if isinstance(workspace, (list, tuple)):
        ids = sorted({store.workspace(w).id for w in workspace})
        return ids[0] if len(ids) == 1 else tuple(ids)
    return store.workspace(workspace).id


def _index(store, workspace) -> SymbolIndex:
    return SymbolIndex(store, _workspace_id(store, workspace))


def _candidates(cands) -> list[dict]:
    out = []
    for c in cands:
        d = c.to_dict()
        out.append({k: d[k] for k in _CANDIDATE_KEYS if d[k] not in ("", None) or k in
                    ("name", "path", "line", "column", "kind", "module")})
    return out


def bare_name_matches(store, name: str, workspace: str | None = None) -> list[str] | None:
    """For a name without a dot or slash: the distinct qualified names ending in it
    (the project's own code first, then examples, docs sources and vendored code, then
    tests: :func:`~lode.symbols.index.tier`); None when the name is qualified already."""
    if not isinstance(name, str):
        return None
    q = name.strip().strip("`").replace("::", ".").strip(".")
    if not q or "." in q or "/" in q:
        return None
    index = _index(store, workspace)
    rows = [index._candidate(r) for r in index._rows(q, ("definition", "method"), trailing=True)]
    rows = [c for c in rows if c.detail != "module" or c.name == q]
    rows.sort(key=lambda c: (tier(c), c.name.count("."), c.name))
    names = list(dict.fromkeys(c.name for c in rows))
    # a class and its constructors (C++ `geo.Circle.Circle`, C#, Java): the class stands for
    # them, so a bare class name is not ambiguous with itself. A module's function of the
    # module's name (Python's `checkout.checkout`) is another thing: both are listed.
    owners = {c.name for c in rows if c.detail != "module"}
    names = [n for n in names if n.rpartition(".")[0] not in owners] or names
    # a renamed re-export (TypeScript's `export { a as b }`, Python's `import a as b`) is
    # the only place its name exists: it is a meaning of its own. A re-export under the
    # same name is not (the definition it points at stands for it).
    renamed = sorted(rname[::-1] for rname, target, *_ in index._links(q, trailing=True, wild=False)
                     if target.rpartition(".")[2] != q)
    return names + [n for n in dict.fromkeys(renamed) if n not in names]


def capped(key: str, items: list, limit: int | None) -> dict:
    """``{key: the first `limit` items, "total": how many there are, "truncated": cut?}``
    — every list an interface returns says whether it is whole."""
    total = len(items)
    cut = bool(limit) and total > limit
    return {key: items[:limit] if cut else items, "total": total, "truncated": cut}


def definition(store, name: str, workspace: str | None = None, limit: int | None = DEFAULT_LIMIT) -> dict:
    q = normalize(name)
    found = _index(store, workspace).definitions(q, None)
    return {"name": q, **capped("candidates", _candidates(found), limit), "source": "index"}


def references(store, name: str, workspace: str | None = None, limit: int | None = DEFAULT_LIMIT,
               every: bool = False) -> dict:
    """Files that reference ``name`` with their first position — or, ``every``, each
    position (the files the index names are read again for all of them)."""
    q = normalize(name)
    index = _index(store, workspace)
    found = index.references(q, None)
    if every:
        found = _every_position(store, found)
    return _defined({"name": q, **capped("references", _candidates(found), limit), "source": "index"},
                    index, q, found)


def _defined(answer: dict, index: SymbolIndex, q: str, found: list) -> dict:
    """An empty references or implementations answer with ``definition``: the first
    candidate ``definition`` lists for the name, when it has one — the name was right,
    the index knows no uses (implementations) of it. Read from the look-up the answer
    started from (the index keeps it), not looked up again."""
    if not found:
        best = index.definitions(q, 1)
        if best:
            answer["definition"] = _candidates(best)[0]
    return answer


def _every_position(store, firsts) -> list:
    """Every occurrence, in the files the index lists, of the names it matched there."""
    from ..chunking.huge import huge_bytes
    from ..chunking.reader import read_text
    from ..languages import language_for_path
    from .extraction import extract_symbols
    from .layout import layout_for
    from .records import REFERENCE
    from .structure import symbols_in_pieces

    by_file: dict[tuple[str, str], list] = {}
    for c in firsts:
        by_file.setdefault((c.workspace, c.path), []).append(c)
    out = []
    roots = {w.name: w.root for w in store.workspaces()}
    for (ws, path), cands in by_file.items():
        names = {c.name for c in cands}
        spec = language_for_path(path)
        seen = None
        try:
            root = roots[ws]
            text = read_text(_inside(root, path))
            data = huge_bytes(text)
            if data is not None:  # piece by piece, as indexed: a whole tree took ~115 bytes a byte
                del text
                found = symbols_in_pieces(path, data, spec, layout_for(root), every=True)
            else:
                fs = extract_symbols(path, text, None, spec, layout_for(root), every=True)
                found = fs.symbols if fs is not None else None
            if found is not None:
                seen = [s for s in found if s.kind == REFERENCE and s.name in names]
        except Exception:  # changed or unreadable since indexing: the index's positions stand
            pass
        if seen is None:
            out += cands
            continue
        out += [cands[0]._replace(name=s.name, line=s.line, column=s.column) for s in seen] or cands
    out.sort(key=lambda c: (c.test, c.path, c.line, c.column))
    return out


def implementations(store, name: str, workspace: str | None = None,
                    limit: int | None = DEFAULT_LIMIT) -> dict:
    q = normalize(name)
    index = _index(store, workspace)
    found = index.implementations(q, None)
    return _defined({"name": q, **capped("implementations", _candidates(found), limit), "source": "index"},
                    index, q, found)


def describe(store, name: str, workspace: str | None = None, limit: int | None = 10,
             include_body: bool = False) -> dict:
    """Signature, doc and location of each candidate definition, from its chunk
    (``include_body``: the definition's source lines too)."""
    q = normalize(name)
    index = _index(store, workspace)
    out = []
    found = index.definitions(q, None)
    for c in found[:limit] if limit else found:
        item = {k: v for k, v in zip(_CANDIDATE_KEYS, (c.name, c.path, c.line, c.column, c.kind, c.module,
                                                        c.detail, c.via, c.target, c.test, c.workspace))
                if v not in ("", None) or k in ("name", "path", "line", "kind", "module")}
        info = _chunk_at(store, c)
        leaf = (c.target or c.name).rsplit(".", 1)[-1]
        if info and leaf not in info["signature"]:
            # the chunk is an enclosing one (a small class kept whole): the line says more
            info = {**info, "signature": _source_line(store, c) or info["signature"], "doc": ""}
        if info.get("signature"):
            from .signature import one_line
            info = {**info, "signature": one_line(info["signature"])}
        if info.get("doc"):
            info = {**info, "doc": _own_doc(store, index, c, info["doc"])}
        if info.get("doc"):
            info = {**info, "doc": _doc_as_written(store, c, info)}
        item.update(info)
        if include_body and info:
            item["body"] = _body(store, c, info["line_start"], info["line_end"])
        out.append(item)
    return {"name": q, "symbols": out, "total": len(found), "truncated": bool(limit) and len(found) > limit,
            "source": "index"}


def _chunk_at(store, c) -> dict:
    row = store.chunks.smallest_at(c.workspace, c.path, c.line)
    if row is None:
        row = _rechunk(store, c)
    if row is None:
        return {}
    breadcrumb, embed, start, end, kind = row
    signature = breadcrumb.rsplit(" › ", 1)[-1]
    doc = ""
    if embed:
        lines = embed.split("\n")
        doc = "\n".join(line for line in lines if line.strip() and line != breadcrumb
                        and signature not in line).strip()
    return {"signature": signature, "doc": doc, "breadcrumb": breadcrumb,
            "line_start": start, "line_end": end, "chunk_kind": kind}


def _own_doc(store, index: SymbolIndex, c, doc: str) -> str:
    """A type's own doc: its chunk's embed text (the text the embedder sees) ends with a
    line of its members' signatures (``def __init__(…)…; def route(…)``), which is not
    the type's doc — describe answers signature, doc and location. That line is known
    by its start: the source of one of the type's members up to the member's name."""
    head, _, last = doc.rpartition("\n")
    owner = c.target or c.name
    members = [r for r in index.tables.in_file(c.path, index.workspace_id)
               if r[7] == c.workspace and r[2] > c.line and r[0][::-1].rpartition(".")[0] == owner]
    if not members:
        return doc
    try:
        lines = _span(store, c, 1, max(r[2] for r in members))
    except (OSError, LodeError):
        return doc
    for r in members:
        text = " ".join(lines[r[2] - 1].split()) if r[2] <= len(lines) else ""
        leaf = r[0][::-1].rpartition(".")[2]
        at = text.find(leaf)
        start = text[:at + len(leaf)]
        # a keyword before the name (`def get`, `fn new`) or a parameter list after it
        # (TypeScript's `render()`): a signature, not a doc line that opens with a word
        if at >= 0 and last.startswith(start) and (at > 0 or last[len(start):len(start) + 1] in ("(", "<")):
            return head
    return doc


def _doc_as_written(store, c, info: dict) -> str:
    """The chunk's doc (one line: the embedded text) with the line breaks it has in the
    source, read from the definition's chunk lines; as it is when the file changed or
    cannot be read."""
    from ..errors import LodeError
    from .doclines import doc_lines

    try:
        lines = [line.rstrip("\n") for line in _span(store, c, info["line_start"], info["line_end"])]
    except (OSError, LodeError):
        return info["doc"]
    return doc_lines(info["doc"], lines) or info["doc"]


MAX_BODY_LINES = 400


def _inside(root: str, path: str) -> str:
    """The real path of a file the index lists, refused when it now lies outside the
    workspace (a link swapped in since the index run may point anywhere); readers then
    refuse anything but a regular file without waiting on it (a FIFO swapped in)."""
    from ..errors import FileRefused

    real_root = os.path.realpath(root)
    real = os.path.realpath(os.path.join(real_root, path))
    if not real.startswith(real_root.rstrip(os.sep) + os.sep):
        raise FileRefused(path, "outside the workspace: not read")
    return real


def _lines(store, c):
    """The file's lines as a text-mode open gives them (universal newlines, bad bytes
    replaced), read as the walk would read it."""
    import io

    from ..chunking.reader import read_bytes

    data = read_bytes(_inside(store.workspace(c.workspace).root, c.path))
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace")


def _span(store, c, start: int, end: int) -> list[str]:
    """The file's lines ``start`` to ``end`` (1-based, inclusive), read no further."""
    from itertools import islice

    return list(islice(_lines(store, c), max(start - 1, 0), max(end, 0)))


def _body(store, c, start: int, end: int) -> str:
    """The source lines of a definition's chunk (bounded; a longer one says so)."""
    from ..errors import LodeError

    try:
        lines = _span(store, c, start, end)
    except (OSError, LodeError):
        return ""
    if len(lines) > MAX_BODY_LINES:
        return "".join(lines[:MAX_BODY_LINES]) + f"… ({len(lines) - MAX_BODY_LINES} more lines)\n"
    return "".join(lines)


def _source_line(store, c) -> str:
    """The signature that starts on the definition's line, read from the source (all of
    it, when a formatter spread it over lines)."""
    from itertools import islice

    from ..errors import LodeError
    from .signature import MAX_SIGNATURE_LINES, from_source

    try:
        lines = list(islice(_lines(store, c), c.line - 1, c.line - 1 + MAX_SIGNATURE_LINES))
    except (OSError, LodeError):
        return ""
    return from_source(lines, 1) if lines else ""


def _rechunk(store, c):
    """The chunk table has no span for this line (not indexed with chunks): chunk the file."""
    from ..chunking import chunk_file, minified
    from ..chunking.huge import chunk_huge, huge_bytes
    from ..chunking.reader import read_text
    from ..config import DEFAULT_CHUNK_CONFIG
    from ..languages import language_for_path

    try:
        root = store.workspace(c.workspace).root
        text = read_text(_inside(root, c.path))
    except Exception:
        return None
    spec = language_for_path(c.path)
    data = huge_bytes(text) if spec else None
    if data is not None and not minified(text):  # in pieces, as indexed: keeping the chunks on the line
        del text
        chunks = chunk_huge(c.path, data, spec, DEFAULT_CHUNK_CONFIG,
                            lambda found, first: [ch for ch in found if ch.line_start <= c.line <= ch.line_end])[0]
    else:
        chunks = chunk_file(c.path, text)
    best = None
    for ch in chunks:
        if ch.line_start <= c.line <= ch.line_end and ch.kind not in ("header", "gap"):
            if best is None or ch.line_end - ch.line_start < best.line_end - best.line_start:
                best = ch
    return None if best is None else (best.breadcrumb, best.embed, best.line_start, best.line_end, best.kind)


def matcher(store, workspace: str | None = None) -> NameMatcher:
    """The name stream of a store (or one workspace), cached until the store changes."""
    wid = _workspace_id(store, workspace)
    key = (str(store.path), wid)
    version = store.version()
    with _lock:
        hit = _matchers.get(key)
    if hit is not None and hit[0] == version:
        return hit[1]
    from .fuzzy import NameMatcher  # only a fuzzy look-up needs it

    m = NameMatcher(SymbolIndex(store, wid).names())
    with _lock:
        _matchers[key] = (version, m)
    return m


def search(store, query: str, workspace: str | None = None, limit: int | None = 20) -> dict:
    if not query or not query.strip():
        raise InvalidParams("invalid params: 'query' is empty", data={"param": "query"})
    m = matcher(store, workspace)
    roles = _index(store, workspace).name_roles  # among names spelled alike, definitions first
    return {"query": query, "names": [{"name": x.name, "score": round(x.score, 2)}
                                      for x in m.search(query, limit or 20, roles)], "total_names": len(m)}


def list_symbols(store, workspace: str | None = None, prefix: str | None = None,
                 kinds: list[str] | None = None, limit: int | None = 1000) -> dict:
    found = _index(store, workspace).list_symbols(prefix, kinds, None)
    return capped("symbols", _candidates(found), limit)


def outline(store, path: str, workspace: str | None = None) -> dict:
    """A file's definitions in order (read from the file, so it works before indexing)."""
    root = None
    if workspace is not None:
        root = store.workspace(workspace).root
    elif store is not None and not os.path.isabs(path):
        for ws in store.workspaces():
            if os.path.exists(os.path.join(ws.root, path)):
                root = ws.root
                break
    if root is None and store is not None:
        ws = holding(path, store.workspaces())
        if ws is not None:
            root, path = ws.root, os.path.relpath(os.path.realpath(path), ws.root)
    from .structure import outline as file_outline  # files are read: not for a look-up

    return {"path": path, "symbols": [i.to_dict() for i in file_outline(path, root)]}


def name_at(store, path: str, root: str, text: str, line: int, word: str, word_start: int,
            workspace: str | None = None) -> str | None:
    """The qualified name of ``word`` (starting at 1-based byte column ``word_start`` on
    1-based ``line``) in a file's current ``text`` (``path`` relative to ``root``): read
    with the same extraction the index uses, every occurrence kept; else the one known
    qualified name ending in it, if only one does."""
    from ..chunking import minified
    from ..chunking.huge import huge_bytes
    from ..languages import language_for_path
    from .extraction import extract_symbols
    from .layout import layout_for
    from .records import FileSymbols
    from .structure import symbols_in_pieces

    spec = language_for_path(path)
    fs = None
    if spec and not minified(text):
        data = huge_bytes(text)
        if data is not None:  # piece by piece, as indexed (the line's symbols only; aliases unread)
            fs = FileSymbols(path, spec.name, "", [s for s in symbols_in_pieces(path, data, spec, layout_for(root),
                                                                                 every=True) if s.line == line])
        else:
            fs = extract_symbols(path, text, None, spec, layout_for(root), every=True)
    if fs is not None:
        here = [s for s in fs.symbols if s.line == line and s.name.replace("/", ".").rsplit(".", 1)[-1] == word]
        if here:
            # the occurrence starting closest before the cursor (a reference through
            # an alias is stated at the alias: `W().render` is named at `W`)
            return min(here, key=lambda s: (s.column > word_start, abs(word_start - s.column))).name
        if word in fs.aliases:
            return fs.aliases[word]
        same = [s for s in fs.symbols if s.line == line and s.column <= word_start
                and s.name.endswith("." + word)]
        if same:
            return max(same, key=lambda s: s.column).name
    matches = bare_name_matches(store, word, workspace) or []
    return matches[0] if len(matches) == 1 else None


def outline_text(path: str, root: str, text: str) -> list[dict]:
    """A file's definitions in order, from its current ``text`` (an editor's buffer);
    empty for a file in no language lode knows."""
    from ..languages import language_for_path
    from .structure import outline as file_outline

    if language_for_path(path) is None:
        return []
    return [i.to_dict() for i in file_outline(path, root, text)]


def query_ast(query: str, paths: list[str] | None = None, language: str | None = None,
              limit: int | None = 1000, root: str | None = None, rules: dict | None = None) -> dict:
    """Captures of a tree-sitter query over ``paths`` (default: ``root``, else the current
    folder); folders are walked by the workspace's ``rules`` (its stored settings).
    ``languages``: those the query compiled for and ran on (``errors`` says why others
    were skipped)."""
    if not query or not query.strip():
        raise InvalidParams("invalid params: 'query' is empty", data={"param": "query"})
    base = root or os.getcwd()
    targets = [p if os.path.isabs(p) else os.path.join(base, p) for p in (paths or [base])]
    counts: dict = {}
    from .structure import query_ast as run_query

    captures, errors = run_query(query, targets, language, limit, base=base, counts=counts, rules=rules)
    return {"captures": [c.to_dict() for c in captures], "errors": errors, "total": counts["total"],
            "truncated": counts["total"] > len(captures), "languages": counts["languages"]}
