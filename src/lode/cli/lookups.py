"""The bodies of the commands that only read — ``search``, ``def``, ``refs``,
``impls``, ``describe``, ``symbols`` — without click.

Each function takes the parameters its click command declares (lode.cli.search,
lode.cli.symbols), by the same names, and prints the answer: a daemon's when one
serves the store (:mod:`.remote`), else the store's. Click is not imported here, so
:mod:`.fastpath` can run a plain invocation of these commands without it (click's
import is ~25 ms of a ~40 ms look-up answered by a daemon).
"""

from __future__ import annotations

import os
import sys

from ..config import language_servers_allowed
from ..errors import InvalidParams
from ..locations import location, with_path
from .common import exit_with, open_service, run_or_exit
from .output import crumb_after_path, escape, fail, json_line, out, shown, snippet_text
from .remote import Unusable, answer, workspace_for_path

RPC_MAX_LIMIT = 200  # search.query's largest limit; a larger one is answered from the store


def _lsp_wanted(no_lsp: bool) -> bool:
    """Whether a daemon is asked to hand a look-up to a language server: not with
    --no-lsp, LODE_LSP=off, or no server's executable found."""
    if not _lsp_allowed(no_lsp):
        return False  # decided without importing the service
    from ..service import Service

    return Service.language_servers_found()


def _lsp_allowed(no_lsp: bool) -> bool:
    """Whether a look-up answered here may be handed to a language server: not with
    --no-lsp or LODE_LSP=off. Whether one is found is the hand-off's to say, for the
    answer's language alone (looking for every language's servers first loaded every
    language and, in the end, the same answer)."""
    return not no_lsp and language_servers_allowed() != set()


def _scoped(workspace, found: dict, holding) -> str | None:
    """The workspace a search or look-up run here works in: the one ``--workspace``
    names, else the indexed workspace holding the current folder, else None (every
    workspace). Two checkouts of one project in a store define the
    same qualified names: a look-up in one answers from that one, not from both.
    ``holding()`` finds the folder's workspace, asked once per command (``found``
    keeps the answer)."""
    if workspace is not None:
        return workspace
    if "here" not in found:
        try:
            found["here"] = holding()
        except FileNotFoundError:  # the current folder was deleted under the shell: outside
            found["here"] = None
    return found["here"]


def _lookup(db_path, no_daemon, method: str, params: dict, local, no_lsp=True, lsp_timeout=None, found=None):
    """``method(params)`` answered by a daemon for this store, else ``local(service,
    workspace)``, in the workspace :func:`_scoped` picks. A
    hand-off to a language server goes to the daemon too (``lsp: true``): it keeps the
    server warm across calls, where each command would start its own (seconds for
    gopls). Only a command's own ``--lsp-timeout`` makes the store path answer."""
    found = {} if found is None else found

    def remote(daemon):
        if any(v is Unusable for v in params.values()):
            raise Unusable("an option the daemon's method does not take")
        lsp = _lsp_wanted(no_lsp)
        if lsp and lsp_timeout is not None:
            raise Unusable("--lsp-timeout is this command's own")
        call = {k: v for k, v in params.items() if v is not None}
        ws = _scoped(params.get("workspace"), found,
                     lambda: workspace_for_path(daemon.call("workspace.list"), os.getcwd()))
        call = {**call, "workspace": ws} if ws is not None else call
        if location(call.get("name")) is not None:
            call["name"] = _from_here(call["name"], lambda: daemon.call("workspace.list"))
        return daemon.call(method, {**call, "lsp": True} if lsp else call)

    def in_store():
        svc = _service(db_path, lsp_timeout)
        ws = _scoped(params.get("workspace"), found, lambda: svc.workspace_for_path(os.getcwd()))
        mine = params
        if location(params.get("name")) is not None:
            mine = {**params, "name": _from_here(params["name"], svc.list_workspaces)}
        return local(svc, ws, mine)
    return lambda: answer(db_path, no_daemon, remote, in_store)


def _from_here(name: str, workspaces) -> str:
    """A location name (``path:LINE``) as a shell user means it: a relative path that
    names a file from the current folder, inside an indexed workspace (``workspaces()``,
    as ``workspace.list`` lists them), is passed as that file's absolute path — typed in
    a subfolder, ``mod.py:10`` is the subfolder's mod.py, not the root's. Anything else
    (no such file here, the current folder outside every workspace) is passed as typed:
    the service reads it relative to a workspace root, as the daemon's and MCP callers'."""
    path = location(name)[0]
    if os.path.isabs(os.path.expanduser(path)):
        return name
    try:
        real = os.path.realpath(os.path.join(os.getcwd(), path))
    except FileNotFoundError:  # the current folder was deleted under the shell
        return name
    if not os.path.isfile(real) or workspace_for_path(workspaces(), real) is None:
        return name
    return with_path(name, real)


def _service(db_path, lsp_timeout):
    from ..service import Service

    if lsp_timeout is not None:
        os.environ["LODE_LSP_TIMEOUT"] = str(lsp_timeout)
    return Service(db_path, create=False)  # a look-up never makes a store


# The search filters as this command spells them (the engine names them as the service does).
_FILTER_FLAGS = {"paths": "--path", "path_globs": "--glob", "languages": "--lang", "kinds": "--kind",
                 "tags_any": "--tag"}


def _filtered_note(record: dict | None) -> str:
    """Why a search found nothing when its filters hid what the query finds (the engine's
    filtered_out record): a mistyped --path read as "no match" before."""
    if not record or not record.get("chunks"):
        return ""
    given = " ".join(f"{_FILTER_FLAGS.get(k, k)} {' '.join(map(str, v)) if isinstance(v, list) else v}"
                     for k, v in (record.get("filters") or {}).items())
    count = f"{record['chunks']}{'+' if record.get('more') else ''} chunk{'s' if record['chunks'] != 1 else ''}"
    first = record.get("first") or {}
    where = f", first {shown(first['path'])}:{first.get('line_start', 1)}" if first.get("path") else ""
    return f" with {given}: without the filters it finds {count}{where}; widen or drop them"


def _source_note(r: dict) -> None:
    """Say where an answer came from when it is not the index, or why not."""
    if str(r.get("source", "")).startswith("lsp:"):
        note = r.get("lsp", {}).get("note")
        out.print(f"[dim]answered by {escape(r['source'][4:])}{f' (+ {escape(note)})' if note else ''}[/]")
    elif r.get("lsp", {}).get("error"):
        server, error = r["lsp"]["server"], r["lsp"]["error"]
        said = error if error.startswith(server) else f"{server}: {error}"  # the name once
        out.print(f"[dim]index answer ({escape(said)})[/]")
    if r.get("truncated"):
        out.print(f"[dim]… {r['total']} in all; --limit shows more[/]")


def _matches(r: dict) -> bool:
    """A bare name answered with the qualified names ending in it."""
    if "matches" not in r:
        return False
    fail(r["note"])
    for m in r["matches"]:
        out.print(escape(m))
    return True


def _run(fn, as_json: bool, render, found=None) -> None:
    """Print the answer (JSON, or ``render``'s lines); exit 1 when it holds nothing, as
    grep does — with ``--json`` too, so a script tests the status either way: ``found``
    says whether the answer holds something (``render``'s result for people)."""
    result = run_or_exit(fn, as_json)
    if as_json:
        json_line(result)
        if found is not None and not found(result):
            sys.exit(1)
        return
    if not render(result):
        sys.exit(1)


def _holds(key: str):
    """Whether a look-up's answer lists something under ``key``: not a bare name
    answered with the qualified names ending in it ("ask again with one")."""
    return lambda r: "matches" not in r and bool(r[key])


def _crumb(hit: dict) -> str:
    """`` breadcrumb`` after the kind (nothing for a gap, whose breadcrumb is its path)."""
    crumb = crumb_after_path(hit["breadcrumb"], hit["path"])
    return " " + crumb if crumb else ""


def _where(c: dict) -> str:
    return f"[magenta]{escape(shown(c['path']))}:{c['line']}:{c.get('column', 1)}[/]"


def _print_candidates(items: list[dict], empty: str) -> bool:
    if not items:
        fail(empty)
        return False
    for c in items:
        extra = []
        if c.get("via"):
            extra.append(f"via {escape(c['via'])} → {escape(c.get('target', ''))}")
        if c.get("module"):
            extra.append(f"module {escape(shown(c['module']))}")
        if c.get("test"):
            extra.append("test")
        tail = f" [dim]({'; '.join(extra)})[/]" if extra else ""
        # kind is the role ("definition", "method", "extends"), detail the definition's
        # own kind ("struct", "function"): one word, the more telling of the two.
        what = c.get("detail") if c["kind"] == "definition" and c.get("detail") else c["kind"]
        out.print(f"{_where(c)} [cyan]{escape(what)}[/] [bold]{escape(shown(c['name']))}[/]{tail}")
    return True


def _nowhere(message: str, scope: dict) -> str:
    """``message`` (nothing found), naming the workspace of the current folder when the
    look-up was kept to it: the name may be another workspace's (a library indexed apart)."""
    here = scope.get("here")
    return f"{message} of workspace {here!r} (the current folder's; --workspace names another)" if here else message


def _listing(key: str, empty: str, scope: dict):
    def render(r):
        if _matches(r):
            return False
        ok = _print_candidates(r[key], _nowhere(empty.format(name=r["name"]), scope))
        _source_note(r)
        return ok
    return render


def _root_relative(paths, workspaces: list[dict], workspace) -> list[str]:
    """``--path`` values as prefixes below the searched workspace's root. A path typed
    in a folder inside the workspace means what it means to a shell: one that exists from
    the current folder (``.``, ``../docs``), or an absolute one, inside the root is made
    relative to the root; anything else (``store/`` typed anywhere) is a root-relative
    prefix, as before."""
    ws = next((w for w in workspaces if workspace in (w["name"], w["root"])
               or (workspace and os.path.realpath(os.path.expanduser(workspace)) == w["root"])), None)
    if ws is None:
        return list(paths)
    root, out = ws["root"], []
    try:
        here = os.getcwd()
    except FileNotFoundError:  # deleted under the shell: a relative path is root-relative
        return list(paths)
    for p in paths:
        given = os.path.expanduser(p)
        real = os.path.realpath(given if os.path.isabs(given) else os.path.join(here, given))
        inside = real == root or real.startswith(root.rstrip(os.sep) + os.sep)
        if inside and (os.path.isabs(given) or os.path.exists(real)):
            out.append(os.path.relpath(real, root).replace(os.sep, "/"))  # the root itself: "."
        else:
            out.append(p)
    return out


def search(query, limit, paths, globs, languages, kinds, tags, mode, rerank, files, workspace, db_path,
           no_daemon, as_json):
    text = " ".join(query)
    if not text.strip():  # said here in the CLI's words, not the daemon's "'query' is empty"
        exit_with(InvalidParams("the query is empty", data={"param": "query"}), as_json)
    opts = {"limit": limit}
    for key, value in (("paths", paths), ("path_globs", globs), ("languages", languages),
                       ("kinds", kinds), ("tags_any", tags)):
        if value:
            opts[key] = list(value)
    if mode:
        opts["mode"] = mode
    if files:
        opts["files"] = True

    found: dict = {}

    def remote(daemon):
        if limit > RPC_MAX_LIMIT:
            raise Unusable("limit over the daemon's maximum")
        listed = daemon.call("workspace.list") if workspace is None or paths else []
        ws = _scoped(workspace, found, lambda: workspace_for_path(listed, os.getcwd()))
        options = {**opts, "paths": _root_relative(paths, listed, ws)} if paths else opts
        options = {**options, "rerank": True} if rerank else options  # True is "required"
        return daemon.call("search.query", {"workspace": ws, "query": text, "options": options})

    def local():
        svc = open_service(db_path, as_json=as_json)
        ws = _scoped(workspace, found, lambda: svc.workspace_for_path(os.getcwd()))
        options = {**opts, "paths": _root_relative(paths, svc.list_workspaces(), ws)} if paths else opts
        return svc.search(text, ws, **({**options, "rerank": "required"} if rerank else options))

    result = run_or_exit(lambda: answer(db_path, no_daemon, remote, local), as_json)
    if as_json:
        json_line(result)
        if not result["hits"]:
            raise SystemExit(1)  # as without --json
        return
    hits = result["hits"]
    if not hits:
        fail(f"no match for {text!r}" + _filtered_note(result.get("filtered_out")))
        raise SystemExit(1)
    pattern = None
    if out.color_system:  # highlighting only shows in colour; the search package is a slow import
        from ..service import Service

        pattern = Service.highlighter(result["terms"])
    many = len(result["workspaces"]) > 1
    # On a terminal a hit's first line keeps to one row, cut with "…": a long signature
    # in the breadcrumb wrapped over rows above a snippet that shows it. Pipes get it all.
    one_row = {"soft_wrap": False, "no_wrap": True, "overflow": "ellipsis", "crop": True} if out.is_terminal else {}
    if files:
        for f in result["files"]:
            where = f"{f['workspace']}:" if many else ""
            out.print(f"[magenta]{escape(shown(where + f['path']))}[/] [dim]{f['language'] or ''}[/]")
            for h in f["chunks"]:
                out.print(f"    [magenta]:{h['snippet_line']}[/] [dim]{h['kind']}[/][bold]{escape(shown(_crumb(h)))}[/]",
                          **one_row)
        n = len(result["files"])
        out.print(f"[dim]{n} file{'' if n == 1 else 's'} in {result['timings_ms']['total']:.1f} ms "
                  f"({result['mode_used']})[/]")
        return
    for h in hits:
        where = f"{h['workspace']}:" if many else ""
        held = f" [yellow](held: {h['hold']})[/]" if h.get("hold") else ""  # from a plug-in this build lacks
        out.print(f"[magenta]{escape(shown(where + h['path']))}:{h['snippet_line']}[/] [dim]{h['kind']}[/]"
                  f"[bold]{escape(shown(_crumb(h)))}[/]{held}", **one_row)
        text = snippet_text(h["snippet"]) if pattern is None and not out.is_terminal else None
        if text is not None:  # what rich would print here, without importing it
            out.line(text)
            continue
        from rich.text import Text

        snippet = Text(h["snippet"])
        if pattern is not None:
            snippet.highlight_regex(pattern, "bold yellow")
        out.print(Text("    ").append(Text("\n    ").join(snippet.split("\n"))))
    note = result["mode_used"] + (", reranked" if result.get("rank", {}).get("used") else "")
    if mode and mode != "lexical" and result["mode_used"] == "lexical":
        note += f"; semantic unavailable: {result['semantic'].get('reason', '')}"
    out.print(f"[dim]{len(hits)} hit{'' if len(hits) == 1 else 's'} in {result['timings_ms']['total']:.1f} ms "
              f"({escape(note)})[/]")


def definition(name, db_path, workspace, limit, no_lsp, lsp_timeout, no_daemon, as_json):
    scope: dict = {}  # the current folder's workspace, when the look-up is kept to it
    _run(_lookup(db_path, no_daemon, "symbol.definition",
                 {"name": name, "workspace": workspace, "limit": Unusable if limit else None},
                 lambda svc, ws, p: svc.definition(p["name"], ws, limit or 100, lsp=_lsp_allowed(no_lsp)),
                 no_lsp, lsp_timeout, found=scope),
         as_json, _listing("candidates", "no definition of {name} in the index", scope), _holds("candidates"))


def references(name, db_path, workspace, limit, every, no_lsp, lsp_timeout, no_daemon, as_json):
    scope: dict = {}  # the current folder's workspace, when the look-up is kept to it
    _run(_lookup(db_path, no_daemon, "symbol.references",
                 {"name": name, "workspace": workspace, "every": Unusable if every else None,
                  "limit": Unusable if (limit or 0) > 5000 else limit or 100},
                 lambda svc, ws, p: svc.references(p["name"], ws, limit or 100, every=every, lsp=_lsp_allowed(no_lsp)),
                 no_lsp, lsp_timeout, found=scope),
         as_json, _listing("references", "no references to {name} in the index", scope), _holds("references"))


def implementations(name, db_path, workspace, limit, no_lsp, lsp_timeout, no_daemon, as_json):
    scope: dict = {}  # the current folder's workspace, when the look-up is kept to it
    _run(_lookup(db_path, no_daemon, "symbol.implementations",
                 {"name": name, "workspace": workspace, "limit": Unusable if limit else None},
                 lambda svc, ws, p: svc.implementations(p["name"], ws, limit or 100, lsp=_lsp_allowed(no_lsp)),
                 no_lsp, lsp_timeout, found=scope),
         as_json, _listing("implementations", "no implementations of {name} in the index", scope),
         _holds("implementations"))


def describe(name, db_path, workspace, limit, include_body, no_lsp, lsp_timeout, no_daemon, as_json):
    scope: dict = {}  # the current folder's workspace, when the look-up is kept to it
    def render(r):
        if _matches(r):
            return False
        if not r["symbols"]:
            fail(_nowhere(f"no definition of {r['name']} in the index", scope))
            return False
        for s in r["symbols"]:
            out.print(f"{_where(s)} [cyan]{s['kind']}[/] [bold]{escape(s['name'])}[/]")
            if s.get("signature"):
                out.print(f"  [green]{escape(s['signature'])}[/]")
            if s.get("doc"):
                for line in s["doc"].splitlines():
                    out.print(f"  [dim]{escape(line)}[/]")
            if s.get("hover"):
                for line in s["hover"].splitlines():
                    out.print(f"  [yellow]{escape(line)}[/]")
            if s.get("body"):
                out.print(escape(s["body"].rstrip("\n")))
        _source_note(r)
        return True
    _run(_lookup(db_path, no_daemon, "symbol.describe",
                 {"name": name, "workspace": workspace, "limit": Unusable if limit else None,
                  "include_body": Unusable if include_body else None},
                 lambda svc, ws, p: svc.describe(p["name"], ws, limit or 10, include_body=include_body,
                                              lsp=_lsp_allowed(no_lsp)),
                 no_lsp, lsp_timeout, found=scope),
         as_json, render, _holds("symbols"))


def symbols(query, db_path, workspace, limit, no_daemon, as_json):
    # printed, each qualified name shows where it is defined: the service answers the
    # names with their definitions in one call (one daemon request, not one per name)
    where = not as_json
    call = _lookup(db_path, no_daemon, "symbol.search",
                   {"query": query, "workspace": workspace,
                    "limit": Unusable if (limit or 0) > 1000 else limit or 20, "definitions": where or None},
                   lambda svc, ws, _: svc.symbols(query, ws, limit or 20, definitions=where))

    def render(r):
        if not r["names"]:
            fail(f"no name matches {query!r} ({r['total_names']} names known)")
            return False
        for n in r["names"]:
            best = n.get("definition")
            at = f"  [dim]{escape(shown(best['path']))}:{best['line']}[/]" if best else ""
            out.print(f"{escape(n['name'])}{at}")
        return True
    _run(call, as_json, render, _holds("names"))
