"""Hand-off: the index finds where a name is defined, a real language server answers
from there.

``def``, ``refs``, ``impls`` and ``describe`` start from the index's best definition
candidate (its file, line and column), ask the server for the language of that file
(:mod:`.servers`) — ``textDocument/definition``, ``references``, ``implementation``,
``hover`` — and return its answer marked ``"source": "lsp:<server>"``. Without a
server, or when it fails, dies or outlasts the timeout, the index's own answer stands,
marked ``"source": "index"`` with an ``"lsp"`` note saying why.
"""

from __future__ import annotations

import os
import time

from ..languages import grammar_error, registered_for_path
from .positions import byte_column, utf16_column
from .servers import server_for, timeout as default_timeout

_LISTS = {"definition": "candidates", "references": "references", "implementation": "implementations"}
_RETRY_PAUSE, _WARMUP_SECONDS = 0.25, 20.0
_IDENT = None  # compiled when a server's answer is read: a look-up without one needs no re


def _line(path: str, line: int) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for i, text in enumerate(f, 1):
                if i == line:
                    return text.rstrip("\n")
    except OSError:
        pass
    return ""


def _anchor(store, answer: dict, op: str, workspace: str | None):
    """The definition candidate the server is asked about: (candidate dict, root)."""
    if op in ("definition", "describe"):
        cands = answer.get("candidates") or answer.get("symbols") or []
    else:
        from ..symbols import api
        cands = api.definition(store, answer["name"], workspace, 5)["candidates"]
    roots = {w.name: w.root for w in store.workspaces()}
    for c in cands:
        root = roots.get(c.get("workspace", ""))
        if root and not c.get("test"):
            return c, root
    for c in cands:
        root = roots.get(c.get("workspace", ""))
        if root:
            return c, root
    return None, None


def _locations(result) -> list[tuple[str, int, int]]:
    """(absolute path, 0-based line, character) of each Location/LocationLink."""
    if result is None:
        return []
    if not isinstance(result, (list, tuple)):
        result = [result]
    from urllib.parse import unquote, urlparse  # ~37 M instructions with re: a server answered

    out = []
    for loc in result:
        uri = getattr(loc, "uri", None) or getattr(loc, "target_uri", None)
        rng = getattr(loc, "range", None) or getattr(loc, "target_selection_range", None)
        if not uri or rng is None or not uri.startswith("file:"):
            continue
        out.append((unquote(urlparse(uri).path), rng.start.line, rng.start.character))
    return out


def _entry(path: str, line0: int, char: int, roots: dict[str, str], name: str, kind: str) -> dict:
    text = _line(path, line0 + 1)
    col = byte_column(text, char)
    real = os.path.realpath(path)
    where = {"path": path, "workspace": ""}
    for ws, root in roots.items():
        if real.startswith(root.rstrip("/") + "/"):
            where = {"path": os.path.relpath(real, root).replace(os.sep, "/"), "workspace": ws}
            break
    if not name:
        global _IDENT
        if _IDENT is None:
            import re

            _IDENT = re.compile(r"[A-Za-z_$][\w$]*")
        m = _IDENT.match(text[len(text.encode("utf-8")[:col - 1].decode("utf-8", "replace")):])
        name = m.group(0) if m else ""
    return {"name": name, **where, "line": line0 + 1, "column": col, "kind": kind}


def _entries(op: str, result, roots: dict, answer: dict, anchor: dict, every: bool) -> list[dict]:
    kind = {"definition": "definition", "references": "reference", "implementation": "implementation"}[op]
    name = answer["name"] if op != "implementation" else ""
    entries, seen = [], set()
    for p, line0, ch in _locations(result):
        e = _entry(p, line0, ch, roots, name, kind)
        k = (e["workspace"], e["path"], e["line"], e["column"])
        if k in seen or (op == "references" and k[:3] == (anchor.get("workspace"), anchor["path"], anchor["line"])
                         and e["column"] == anchor.get("column")):
            continue
        seen.add(k)
        entries.append(e)
    if op == "references":
        entries = [e for e in entries if e["workspace"]]  # uses inside the indexed workspaces
        if not every:
            firsts: dict[tuple, dict] = {}
            for e in sorted(entries, key=lambda e: (e["path"], e["line"], e["column"])):
                firsts.setdefault((e["workspace"], e["path"]), e)
            entries = list(firsts.values())
    return entries


def hand_off(store, op: str, answer: dict, workspace: str | None = None, every: bool = False,
             limit: int | None = None, timeout: float | None = None) -> dict:
    """The server's answer to ``op`` (definition, references, implementation, describe)
    in place of the index's ``answer``, or ``answer`` with a note on why not."""
    anchor, root = _anchor(store, answer, op, workspace)
    if anchor is None:
        return answer
    # the language by extension, its grammar loaded (tree-sitter, ~10 ms) only when a
    # server for it is found: a file whose grammar fails is read as text, and has no server
    spec = registered_for_path(anchor["path"])
    found = server_for(spec.name) if spec is not None else None
    if found is None or grammar_error(spec) is not None:
        return answer
    server, exe = found
    # the client (lsprotocol, asyncio: ~0.4 s) only once a server is to be asked: a miss,
    # or a language without a server, answers from the index without it
    from .client import POOL, HandoffError, HandoffTimeout

    path = os.path.join(root, anchor["path"])
    line_text = _line(path, anchor["line"])
    char = utf16_column(line_text, anchor.get("column", 1))
    method = "hover" if op == "describe" else op
    limit_s = timeout if timeout is not None else default_timeout()
    deadline = time.monotonic() + limit_s
    source = f"lsp:{server.name}"
    roots = {w.name: w.root for w in store.workspaces()}
    key = _LISTS.get(op, "symbols")
    while True:
        try:
            conn = POOL.get(server, exe, root)
            result = conn.ask(method, path, spec.name, anchor["line"] - 1, char,
                              max(0.05, deadline - time.monotonic()))
        except HandoffTimeout:  # the whole timeout as the user gave it, not what was left of it
            return {**answer, "lsp": {"server": server.name,
                                      "error": f"{server.name} did not answer within {limit_s:g} s"}}
        except HandoffError as exc:
            return {**answer, "lsp": {"server": server.name, "error": str(exc)}}
        except OSError as exc:
            return {**answer, "lsp": {"server": server.name, "error": f"could not start: {exc}"}}
        if op == "describe":
            break
        entries = _entries(op, result, roots, answer, anchor, every)
        # a server that has just started may not have read the whole workspace yet
        # (pyright answers references with nothing for a moment, tsserver with the
        # opened file only): while it is young and its answer misses files the index
        # names, ask again within the timeout; a warm server's answer is taken as it is
        missed = {(c.get("workspace"), c["path"]) for c in answer.get(key, [])} - \
            {(e["workspace"], e["path"]) for e in entries}
        if not missed or conn.age > _WARMUP_SECONDS or deadline - time.monotonic() < _RETRY_PAUSE * 2:
            break
        time.sleep(_RETRY_PAUSE)
    if op == "describe":
        text = _hover_text(result)
        if not text:
            return {**answer, "lsp": {"server": server.name, "note": "no hover"}}
        symbols = [dict(s) for s in answer.get("symbols", [])]
        for s in symbols:
            if s.get("path") == anchor["path"] and s.get("line") == anchor["line"]:
                s["hover"] = text
        return {**answer, "symbols": symbols, "source": source}
    key = _LISTS[op]
    # where the server and the index agree on a line, the index's record says more
    # (module, detail, the qualified name)
    known = {(c.get("workspace"), c["path"], c["line"]): c for c in answer.get(key, [])}
    entries = [{**known[k], "column": e["column"]} if (k := (e["workspace"], e["path"], e["line"])) in known
               else {**e, "module": ""} for e in entries]
    if not entries and answer.get(key):
        return {**answer, "lsp": {"server": server.name, "note": "the server found nothing"}}
    note = None
    if op == "references" and server.partial_references:
        entries, added = _with_index_references(entries, answer.get(key, []), every)
        if added:
            note = {"server": server.name,
                    "note": f"{added} position{'s' if added != 1 else ''} from the index the server did not report"}
    from ..symbols.index import path_tier  # the index's order: own code, then examples and docs, then tests

    entries.sort(key=lambda e: (e["workspace"] == "", path_tier(e["path"]), e["path"], e["line"], e["column"]))
    total = len(entries)
    cut = bool(limit) and total > limit
    out = {**answer, key: entries[:limit] if cut else entries, "total": total, "truncated": cut,
           "source": source}
    if note is not None:
        out["lsp"] = note
    return out


def _with_index_references(entries: list[dict], index: list[dict], every: bool) -> tuple[list[dict], int]:
    """A partial server's references with the index's uses it did not report (a line
    the server names keeps the server's entry); one per file unless ``every``. Returns
    them and how many the index added."""
    lines = {(e["workspace"], e["path"], e["line"]) for e in entries}
    extra = [c for c in index if (c.get("workspace"), c["path"], c["line"]) not in lines]
    if not extra:
        return entries, 0
    merged = entries + extra
    if not every:
        firsts: dict[tuple, dict] = {}
        for e in sorted(merged, key=lambda e: (e["path"], e["line"], e.get("column", 0))):
            firsts.setdefault((e.get("workspace"), e["path"]), e)
        merged = list(firsts.values())
    ids = {id(x) for x in extra}
    added = sum(1 for e in merged if id(e) in ids)
    return merged, added


def _hover_text(result) -> str:
    if result is None:
        return ""
    contents = result.contents
    parts = contents if isinstance(contents, list) else [contents]
    out = []
    for p in parts:
        value = getattr(p, "value", p)
        if isinstance(value, str) and value.strip():
            out.append(value.strip())
    return "\n\n".join(out)



def ask_at(method: str, path: str, root: str, line: int, character: int, timeout: float | None = None):
    """The answer of the server for ``path``'s language to ``textDocument/<method>`` at a
    0-based line and UTF-16 character (an editor's own position, for a word the index
    cannot name), or None: no such server, or it failed or outlasted the timeout."""
    spec = registered_for_path(path)
    found = server_for(spec.name) if spec is not None else None
    if found is None or grammar_error(spec) is not None:
        return None
    server, exe = found
    from .client import POOL, HandoffError

    try:
        return POOL.get(server, exe, root).ask(method, path, spec.name, line, character,
                                               timeout if timeout is not None else default_timeout())
    except (HandoffError, OSError):
        return None
